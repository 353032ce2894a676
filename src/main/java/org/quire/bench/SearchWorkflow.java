package org.quire.bench;

import javax.sql.DataSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * FOLIO's instance search as the PTF's search scripts run it (folio-catalogue-api.md §2.1): each virtual user loops
 * over the query set with no think time, {@code GET /search/instances?query=…&limit=100} with its tenant's token.
 * Each query starts at a random place in the set and the user walks on from there, so every query runs about as
 * often. Each report group (a PTF script's regular queries; every wildcard query) is its own row. The floor is the
 * same query on the same index in-process ({@link LuceneFloor}); there is no SQL floor.
 */
final class SearchWorkflow implements Workflow {
    static final int LIMIT = 100;
    private static final List<SearchQueries.Query> QUERIES = SearchQueries.all();

    private final LuceneFloor floor;
    /**
     * The floor runs at most one search per core at a time, in arrival order, as Quire's server does (its requests
     * run on virtual threads, one carrier per core, each to its end): twenty platform threads time-sliced by the OS
     * would instead stretch every search by the others' slices, and make the floor's tail the scheduler's, not
     * Lucene's. The wait for a core is measured, as a client's latency includes the server's queue.
     */
    private final java.util.concurrent.Semaphore cores =
            new java.util.concurrent.Semaphore(Runtime.getRuntime().availableProcessors(), true);
    /** Per group: queries answered, and those with no hit (the PTF's data has terms LC's has not, e.g. covid-19). */
    private final Map<String, LongAdder> answered = new ConcurrentHashMap<>(), zero = new ConcurrentHashMap<>();

    /** @param floor the floor's index, or null when the server's database is unknown (no floor) */
    SearchWorkflow(LuceneFloor floor) {
        this.floor = floor;
    }

    static String label(String group) {
        return "GET /search/instances: " + group;
    }

    static String floorLabel(String group) {
        return "Lucene floor: " + group;
    }

    @Override
    public LoadRunner.Iteration quireUser(Measurements m, TenantData t) {
        int[] next = {ThreadLocalRandom.current().nextInt(QUERIES.size())};
        return () -> {
            SearchQueries.Query q = QUERIES.get(next[0]++ % QUERIES.size());
            BenchHttp.Reply r = Timed.call(m, label(q.group()), () -> t.session().get("/search/instances?limit=" + LIMIT
                    + "&query=" + BenchHttp.cql(q.cql())));
            if (r != null && r.ok() && m.measuring()) count(q.group(), r.json().path("totalRecords").asLong());
        };
    }

    private void count(String group, long hits) {
        answered.computeIfAbsent(group, g -> new LongAdder()).increment();
        if (hits == 0) zero.computeIfAbsent(group, g -> new LongAdder()).increment();
    }

    @Override
    public Map<String, String> directFloorOf() {
        if (floor == null) return Map.of();
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String g : SearchQueries.GROUPS) pairs.put(label(g), floorLabel(g));
        return pairs;
    }

    @Override
    public LoadRunner.Iteration directFloorUser(Measurements m, TenantData t) {
        int[] next = {ThreadLocalRandom.current().nextInt(QUERIES.size())};
        return () -> {
            SearchQueries.Query q = QUERIES.get(next[0]++ % QUERIES.size());
            String label = floorLabel(q.group());
            long start = System.nanoTime();
            cores.acquire();
            try {
                floor.search(q.cql(), LIMIT);
                m.record(label, start, System.nanoTime(), true);
            } catch (RuntimeException e) {
                m.record(label, start, System.nanoTime(), false);
                m.error(label, e.toString());
            } finally {
                cores.release();
            }
        };
    }

    @Override
    public LoadRunner.Iteration sqlFloorUser(Measurements m, TenantData t, DataSource db) {
        throw new UnsupportedOperationException("search has no SQL floor");
    }

    @Override
    public Map<String, String> sqlFloorOf() {
        return Map.of();
    }

    /** Per group, the share of answers with no hit over all levels, e.g. "keyword 33% (120 of 360)". */
    List<String> zeroHitRates() {
        return SearchQueries.GROUPS.stream().filter(answered::containsKey).map(g -> {
            long n = answered.get(g).sum(), z = zero.getOrDefault(g, new LongAdder()).sum();
            return String.format(java.util.Locale.ROOT, "%s %.0f%% (%,d of %,d)", g, 100.0 * z / n, z, n);
        }).toList();
    }

    @Override
    public List<String> notes() {
        StringBuilder set = new StringBuilder("search: the PTF's instance query set (folio-catalogue-api.md §2.1), "
                + QUERIES.size() + " queries, each GET /search/instances?query=…&limit=" + LIMIT + ": ");
        for (String g : SearchQueries.GROUPS) {
            set.append(g).append(" ").append(QUERIES.stream().filter(q -> q.group().equals(g)).count())
                    .append(g.equals(SearchQueries.WILDCARD) ? "" : ", ");
        }
        return List.of(set.append(". Wildcard: every query with a * (any script's); the other groups are the "
                        + "scripts' regular queries. The authorityKeyword script is left out: /search/authorities is "
                        + "not served yet.").toString(),
                floor == null ? "search: no floor: the server's database was not given (--db-url), so the bench "
                        + "cannot build the floor's copy of the index."
                        : "search: floor = the same query run in the bench's process on a copy of the tenant's index "
                        + "built by Quire's full reindex from the same rows: CQL translation, Lucene's IndexSearcher, "
                        + "the top " + LIMIT + " hits' basic fields (the doc values the server copies into its "
                        + "answer); at most one search per core at a time, in arrival order (the wait counted), as "
                        + "the server runs its requests on one virtual-thread carrier per core. Left out: HTTP, "
                        + "authentication, the response's JSON (the HTTP floor row shows what an authenticated trivial "
                        + "GET costs).",
                "search: the \"while another tenant reindexes\" mode runs after the levels: a second tenant with a "
                        + "catalogue of the same size is reindexed live, again and again, through FOLIO's endpoint "
                        + "while the same users run the same queries on the first tenant (ReindexLoad).");
    }
}
