package org.quire.bench;

import org.quire.platform.config.QuireConfig;
import org.quire.platform.db.Database;
import org.quire.search.CqlTranslator;
import org.quire.search.InstanceIndex;
import org.quire.search.InstanceIndexer;
import org.quire.search.SearchIndexes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The search workflow's floor: the tenant's full index built by Quire's own full reindex ({@link InstanceIndexer#reindex},
 * what {@code quire reindex} runs) from the same database rows the server indexed, in a directory of the bench's own,
 * then the same queries run on it in this process — {@link CqlTranslator} to Quire's query model, then the index's
 * {@link InstanceIndex#searchBasic} (Lucene's {@code IndexSearcher}, the top 100 hits and their basic fields, which
 * the server reads the same way). What it leaves out is exactly what a search costs beyond the engine: HTTP,
 * authentication, the response's JSON.
 *
 * <p>It is a second copy of the index, not the server's files: the server holds its index's write lock, and a reindex
 * of the live directory would stop it. Both are built by the same code from the same rows; the server's may have
 * more segments (it was written batch by batch through the outbox).
 */
final class LuceneFloor implements AutoCloseable {
    private final Path dir;
    private final Database db;
    private final SearchIndexes indexes;
    private final String tenant;
    private final long indexed;
    private final double seconds, coldSeconds, readingSeconds;
    private final long bytes;

    private LuceneFloor(Path dir, Database db, SearchIndexes indexes, String tenant, long indexed, double seconds,
                        double coldSeconds, double readingSeconds, long bytes) {
        this.coldSeconds = coldSeconds;
        this.readingSeconds = readingSeconds;
        this.dir = dir;
        this.db = db;
        this.indexes = indexes;
        this.tenant = tenant;
        this.indexed = indexed;
        this.seconds = seconds;
        this.bytes = bytes;
    }

    /** Builds the floor's index of {@code tenant} in a temporary directory with a full reindex, timed. */
    static LuceneFloor build(BenchTarget target, String tenant, Progress progress) throws IOException {
        Path dir = Files.createTempDirectory("quire-bench-floor-");
        Database db = Database.start(new QuireConfig(0, dir, target.dbUrl(), target.dbUser(), target.dbPassword(), 4,
                false, false));
        SearchIndexes indexes = new SearchIndexes(dir);
        try {
            progress.step("Full reindex of " + tenant + " into the floor's index (quire reindex's code)");
            // Twice: the first full index in this process also compiles the indexing code (the JIT), which a reindex
            // of a million instances pays in its first seconds only, while at the bench's sizes it is much of the time
            // (20,000 LC instances in IndexCostProbe: 23 s cold, 12-15 s warm). The second gives the rate.
            long start = System.nanoTime();
            long n = new InstanceIndexer(db, indexes).reindex(tenant, (done, total) -> { });
            double cold = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            n = new InstanceIndexer(db, indexes).reindex(tenant, (done, total) -> { });
            double seconds = (System.nanoTime() - start) / 1e9;
            long bytes = size(dir.resolve("search"));
            double reading = readingSeconds(db, tenant);
            progress.step(String.format("    %,d instances indexed in %.1f s (%,.0f a second; the first time, JIT "
                    + "compiling, %.1f s; reading the rows alone %.1f s); index %s", n, seconds,
                    n / Math.max(seconds, 1e-9), cold, reading, mib(bytes)));
            return new LuceneFloor(dir, db, indexes, tenant, n, seconds, cold, reading, bytes);
        } catch (IOException | RuntimeException e) {
            indexes.close();
            db.close();
            delete(dir);
            throw e;
        }
    }

    /**
     * One query as the server runs it, minus HTTP: translate, search, read what the answer shows of the top
     * {@code limit} hits (their basic fields, as the server reads them for a search without {@code expandAll}).
     */
    InstanceIndex.Basics search(String cql, int limit) {
        CqlTranslator.Translated t = CqlTranslator.translate(cql);
        return indexes.of(tenant).searchBasic(t.query(), t.sort(), 0, limit);
    }

    long indexed() {
        return indexed;
    }

    /** The first full index in the bench's process, the indexing code still being compiled. */
    double coldSeconds() {
        return coldSeconds;
    }

    /** The second full index: the rate of a large reindex once past its first seconds. */
    double seconds() {
        return seconds;
    }

    /** How much of the full index is reading the rows: the reindex's own statements again, pages of 500, nothing built. */
    double readingSeconds() {
        return readingSeconds;
    }

    private static double readingSeconds(Database db, String tenant) {
        String schema = org.quire.platform.tenancy.Tenants.schema(tenant);
        long start = System.nanoTime();
        java.util.UUID after = null;
        while (true) {
            java.util.UUID from = after;
            var page = db.tx(c -> org.quire.search.SearchStore.page(c, schema, from, 500));
            if (page.isEmpty()) break;
            after = page.getLast().id();
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /** The segments of the floor's copy. */
    IndexSegments segments() {
        return IndexSegments.of(dir.resolve("search"), tenant);
    }

    long bytes() {
        return bytes;
    }

    static String mib(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024));
    }

    private static long size(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    /** Closes the index and the pool and removes the directory (a 1 M index is gigabytes). */
    @Override
    public void close() {
        try {
            indexes.close();
            db.close();
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            System.err.println("quire bench: cannot remove " + dir + ": " + e.getMessage());
        }
    }
}
