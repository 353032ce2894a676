package org.quire.search;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * {@code -Dquire.test.opensearch=true}: before any test of the JVM runs, starts the test OpenSearch node and sets
 * {@code quire.search.url} (QuireConfig.searchUrl, as {@code QUIRE_SEARCH_URL}), so that every Quire the tests start —
 * the shared TestServer and the servers tests start themselves (SearchRestartTest) — searches on OpenSearch.
 */
public final class OpenSearchTestMode implements LauncherSessionListener {
    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (Boolean.getBoolean("quire.test.opensearch")) System.setProperty("quire.search.url", OpenSearchNode.url());
    }
}
