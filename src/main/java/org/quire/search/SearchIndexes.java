package org.quire.search;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open index of each tenant, under {@code <data dir>/search/<tenant>/} (or, when {@code QUIRE_SEARCH_URL} is set,
 * on that OpenSearch cluster); opened on first use, closed with the server.
 */
public final class SearchIndexes implements AutoCloseable {
    private final Path root;
    private final Map<String, InstanceIndex> open = new ConcurrentHashMap<>();
    /** An OpenSearch cluster to use instead of the embedded indexes ({@code QUIRE_SEARCH_URL}), or null. */
    private final String searchUrl = org.quire.platform.config.QuireConfig.searchUrl();
    private final Map<String, AuthorityIndex> authorities = new ConcurrentHashMap<>();

    public SearchIndexes(Path dataDir) {
        this.root = dataDir.resolve("search");
    }

    public InstanceIndex of(String tenant) {
        return open.computeIfAbsent(tenant, t -> {
            if (searchUrl != null) return new OpenSearchIndex(searchUrl, t);
            try {
                Path dir = root.resolve(t).resolve("instance");
                Files.createDirectories(dir);
                return new LuceneIndex(dir);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** The tenant's authority index, under {@code <data dir>/search/<tenant>/authority/} (AuthorityIndex). */
    AuthorityIndex authorities(String tenant) {
        return authorities.computeIfAbsent(tenant, t -> {
            try {
                Path dir = root.resolve(t).resolve("authority");
                Files.createDirectories(dir);
                return new AuthorityIndex(dir);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Override
    public void close() {
        open.values().forEach(InstanceIndex::close);
        open.clear();
        authorities.values().forEach(AuthorityIndex::close);
        authorities.clear();
    }
}
