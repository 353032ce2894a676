package org.quire.search;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open index of each tenant, under {@code <data dir>/search/<tenant>/} (or, when {@code QUIRE_SEARCH_URL} is set,
 * on that OpenSearch cluster); opened on first use, closed with the server. The embedded instance index is the live
 * generation of {@link LiveInstanceIndex} (a live reindex builds the next beside it).
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
                Path dir = root.resolve(t);
                Files.createDirectories(dir);
                return new LiveInstanceIndex(new IndexGenerations(dir, "instance")); // see LiveReindex
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /**
     * The tenant's authority index, under {@code <data dir>/search/<tenant>/authority/} (LuceneAuthorityIndex), or on
     * the OpenSearch cluster when {@code QUIRE_SEARCH_URL} is set (OpenSearchAuthorityIndex).
     */
    AuthorityIndex authorities(String tenant) {
        return authorities.computeIfAbsent(tenant, t -> {
            if (searchUrl != null) return new OpenSearchAuthorityIndex(searchUrl, t);
            try {
                IndexGenerations generations = new IndexGenerations(root.resolve(t), "authority");
                Files.createDirectories(generations.tenantDir());
                int live = generations.live();
                generations.deleteAllBut(live, -1); // an authority build a crash interrupted restarts from scratch
                Path dir = generations.dir(live);
                Files.createDirectories(dir);
                return new LuceneAuthorityIndex(dir);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** Per tenant, the authority index a live reindex is building (LiveReindex.startAuthorities), and its generation. */
    private final Map<String, AuthorityIndex> authorityBuilds = new ConcurrentHashMap<>();
    private final Map<String, Integer> authorityBuildGenerations = new ConcurrentHashMap<>();

    /** The lock that orders a live authority build's pages against the outbox's writes (see LiveInstanceIndex). */
    Object authorityLock(String tenant) {
        return authorityLocks.computeIfAbsent(tenant, t -> new Object());
    }

    private final Map<String, Object> authorityLocks = new ConcurrentHashMap<>();

    /** The outbox's authority writes: to the live index and, during a live reindex, to the new one too. */
    void applyAuthorities(String tenant, Map<String, java.util.List<AuthorityDocument>> upserts,
            java.util.Collection<String> deletes) {
        synchronized (authorityLock(tenant)) {
            AuthorityIndex live = authorities(tenant);
            live.apply(upserts, deletes);
            AuthorityIndex building = authorityBuilds.get(tenant);
            // OpenSearch builds behind the live index's own alias: its apply already wrote to both
            if (building != null && building != live) building.apply(upserts, deletes);
        }
    }

    /** Opens the next authority generation beside the live one; the caller holds {@link #authorityLock}. */
    AuthorityIndex startAuthorityBuild(String tenant) throws java.io.IOException {
        if (authorities(tenant) instanceof OpenSearchAuthorityIndex cluster) { // a new index behind the same alias
            cluster.startBuild();
            authorityBuilds.put(tenant, cluster);
            return cluster;
        }
        // the live index was opened first (above): opening drops stray generations, which would include this one
        IndexGenerations generations = new IndexGenerations(root.resolve(tenant), "authority");
        int next = generations.live() + 1;
        IndexGenerations.delete(generations.dir(next));
        Files.createDirectories(generations.dir(next));
        AuthorityIndex building = new LuceneAuthorityIndex(generations.dir(next));
        authorityBuilds.put(tenant, building);
        authorityBuildGenerations.put(tenant, next);
        return building;
    }

    /**
     * Makes the built authority index live (pointer file) and replaces the open one; the old one is closed and deleted
     * ten seconds later, so that searches which already hold it finish on it.
     */
    void swapAuthorities(String tenant) {
        AuthorityIndex old;
        int oldGeneration;
        IndexGenerations generations = new IndexGenerations(root.resolve(tenant), "authority");
        synchronized (authorityLock(tenant)) {
            if (authorityBuilds.get(tenant) instanceof OpenSearchAuthorityIndex cluster) {
                authorityBuilds.remove(tenant);
                cluster.commit(); // the alias moves; the old index is deleted a little later
                return;
            }
            AuthorityIndex building = authorityBuilds.remove(tenant);
            int next = authorityBuildGenerations.remove(tenant);
            building.commit();
            oldGeneration = generations.live();
            generations.makeLive(next);
            old = authorities.put(tenant, building);
        }
        retiring.add(old);
        java.util.concurrent.CompletableFuture.runAsync(() -> {
            if (retiring.remove(old)) old.close();
            IndexGenerations.delete(generations.dir(oldGeneration));
        }, java.util.concurrent.CompletableFuture.delayedExecutor(10, java.util.concurrent.TimeUnit.SECONDS));
    }

    /** Old authority generations waiting to be closed (closed with the server at the latest). */
    private final java.util.Set<AuthorityIndex> retiring = ConcurrentHashMap.newKeySet();

    /** Drops a failed authority build. */
    void abandonAuthorityBuild(String tenant) {
        synchronized (authorityLock(tenant)) {
            AuthorityIndex building = authorityBuilds.remove(tenant);
            if (building instanceof OpenSearchAuthorityIndex cluster) {
                cluster.dropBuild(); // the live index itself stays open
                return;
            }
            Integer generation = authorityBuildGenerations.remove(tenant);
            if (building != null) building.close();
            if (generation != null) IndexGenerations.delete(new IndexGenerations(root.resolve(tenant), "authority")
                    .dir(generation));
        }
    }

    @Override
    public void close() {
        for (AuthorityIndex old : retiring) if (retiring.remove(old)) old.close();
        authorityBuilds.values().forEach(AuthorityIndex::close);
        authorityBuilds.clear();
        open.values().forEach(InstanceIndex::close);
        open.clear();
        authorities.values().forEach(AuthorityIndex::close);
        authorities.clear();
    }
}
