package org.quire.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.app.DemoData;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.platform.Json;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * The search workflow's catalogue: real LC records mapped to instances as the demo catalogue maps them
 * ({@link DemoData#seedTitle}: as an import would), replicated with new ids until the tenant has the instances asked
 * for, each with a holdings record at the Main Library (with the record's LC call number) and one item — two for one
 * instance in three — whose statuses are a library's mix. Loaded through the same batch APIs as {@link DataSetup}
 * (instance, holdings and item storage's batch/synchronous, 1,000 records a call, two calls at a time); Quire indexes
 * them through its outbox as it would any write.
 */
final class SearchData {
    private static final int BATCH = 1000;
    /** Item statuses of a lending library's shelves: mostly Available, some on loan, in transit, missing. */
    private static final String[] STATUSES = {"Available", "Checked out", "In transit", "Missing"};
    private static final int[] STATUS_PERCENT = {85, 10, 3, 2};

    /** What was loaded, and how long it took until Quire's index had it all. */
    record Loaded(TenantData tenant, long instances, long holdings, long items, int distinctRecords,
                  double loadSeconds, double indexedAfterSeconds) {
    }

    private final BenchHttp.Session admin;
    private final Progress progress;
    private final List<Path> marc;

    /** @param marc MARC files of real records (ISO 2709 or MARCXML); empty: the demo catalogue's 1,200 LC records */
    SearchData(BenchHttp.Session admin, Progress progress, List<Path> marc) {
        this.admin = admin;
        this.progress = progress;
        this.marc = marc;
    }

    Loaded prepare(String tenant, long instances) throws Exception {
        progress.step(String.format("Preparing tenant %s: %,d instances from %s", tenant, instances,
                marc.isEmpty() ? "the demo's 1,200 LC records" : marc));
        String password = UUID.randomUUID().toString();
        admin.postOk("/_/tenants", Json.object().put("id", tenant).put("name", "quire bench " + tenant)
                .put("adminUsername", DataSetup.ADMIN).put("adminPassword", password));
        BenchHttp.Session s = admin.http().login(tenant, DataSetup.ADMIN, password);
        DataSetup.createSampleLocations(s);

        long start = System.nanoTime();
        SplittableRandom random = new SplittableRandom(13);
        long holdingsCount = 0, itemCount = 0;
        int distinct;
        try (Titles titles = new Titles(marc); ExecutorService pool = Executors.newFixedThreadPool(2)) {
            List<Future<?>> inFlight = new ArrayList<>();
            for (long from = 0; from < instances; from += BATCH) {
                long to = Math.min(instances, from + BATCH);
                ArrayNode is = Json.array(), hs = Json.array(), items = Json.array();
                for (long n = from; n < to; n++) {
                    DemoData.SeedTitle title = titles.next();
                    ObjectNode instance = title.instance().deepCopy().put("id", UUID.randomUUID().toString());
                    is.add(instance);
                    ObjectNode h = hs.addObject().put("id", UUID.randomUUID().toString())
                            .put("instanceId", instance.get("id").asText())
                            .put("permanentLocationId", DemoData.MAIN_LIBRARY).put("sourceId", DemoData.FOLIO_SOURCE);
                    if (title.callNumber() != null) {
                        h.put("callNumber", title.callNumber()).put("callNumberTypeId", DemoData.LC_CALL_NUMBER);
                    }
                    holdingsCount++;
                    int copies = random.nextInt(3) == 0 ? 2 : 1;
                    for (int c = 0; c < copies; c++) {
                        ObjectNode item = items.addObject().put("id", UUID.randomUUID().toString())
                                .put("holdingsRecordId", h.get("id").asText())
                                .put("barcode", "S" + n + (c == 0 ? "" : "-" + c))
                                .put("materialTypeId", DemoData.BOOK).put("permanentLoanTypeId", DemoData.CAN_CIRCULATE);
                        item.putObject("status").put("name", status(random));
                        itemCount++;
                    }
                }
                inFlight.add(pool.submit(() -> {
                    s.postOk("/instance-storage/batch/synchronous", Json.object().set("instances", is));
                    s.postOk("/holdings-storage/batch/synchronous", Json.object().set("holdingsRecords", hs));
                    s.postOk("/item-storage/batch/synchronous", Json.object().set("items", items));
                    return null;
                }));
                if (inFlight.size() >= 4) inFlight.removeFirst().get();
                if (to == instances || to % 50_000 == 0) {
                    progress.step(String.format("    %s: instances %,d/%,d", tenant, to, instances));
                }
            }
            for (Future<?> f : inFlight) f.get();
            distinct = titles.distinct();
        }
        double loadSeconds = (System.nanoTime() - start) / 1e9;
        awaitIndexed(s, instances);
        double indexedAfter = (System.nanoTime() - start) / 1e9;
        progress.step(String.format("    %s: %,d instances, %,d holdings, %,d items loaded in %.1f s; all searchable "
                + "after %.1f s", tenant, instances, holdingsCount, itemCount, loadSeconds, indexedAfter));
        TenantData t = new TenantData(tenant, s, DataSetup.CIRC_DESK_1, List.of(), List.of(), new TenantData.Pool(),
                new TenantData.Pool(), List.of(), null, List.of());
        return new Loaded(t, instances, holdingsCount, itemCount, distinct, loadSeconds, indexedAfter);
    }

    private static String status(SplittableRandom random) {
        int r = random.nextInt(100);
        for (int i = 0; i < STATUSES.length; i++) {
            if (r < STATUS_PERCENT[i]) return STATUSES[i];
            r -= STATUS_PERCENT[i];
        }
        return STATUSES[0];
    }

    /**
     * Until the server's index holds every instance with its last item: the outbox is delivered in order, so once the
     * last item loaded is findable by its barcode, everything before it is indexed too.
     */
    private void awaitIndexed(BenchHttp.Session s, long instances) throws Exception {
        String last = "items.barcode == \"S" + (instances - 1) + "\"";
        String count = "/search/instances?limit=0&query=" + BenchHttp.cql("cql.allRecords=1");
        long deadline = System.nanoTime() + java.time.Duration.ofHours(2).toNanos();
        while (System.nanoTime() < deadline) {
            BenchHttp.Reply all = s.get(count);
            if (all.status() != 200) throw new IllegalStateException("GET /search/instances → HTTP " + all.status()
                    + ": " + all.abbreviated());
            if (all.json().path("totalRecords").asLong() >= instances
                    && s.getOk("/search/instances?limit=0&query=" + BenchHttp.cql(last)).path("totalRecords").asLong() > 0) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("The server had not indexed the bench's instances after 2 hours");
    }

    /** The records, endlessly: each file read in turn and again from the start (a replica gets a new id). */
    private static final class Titles implements AutoCloseable {
        private final List<Path> files;
        private final List<DemoData.SeedTitle> seed;
        private Iterator<DemoData.SeedTitle> current;
        private Stream<MarcRecordOrError> open;
        private int fileIndex, distinct;
        private boolean wrapped;

        Titles(List<Path> files) {
            this.files = files;
            this.seed = files.isEmpty() ? DemoData.seedTitles() : null;
        }

        DemoData.SeedTitle next() throws IOException {
            for (int attempts = 0; attempts < 3; attempts++) {
                if (current != null && current.hasNext()) {
                    if (!wrapped) distinct++;
                    return current.next();
                }
                advance();
            }
            throw new IllegalStateException("No usable MARC bibliographic record in " + files);
        }

        private void advance() throws IOException {
            if (current != null && (seed != null || fileIndex == 0)) wrapped = true; // starting over: replicas now
            if (seed != null) {
                current = seed.iterator();
                return;
            }
            if (open != null) open.close();
            open = MarcFiles.read(files.get(fileIndex));
            fileIndex = (fileIndex + 1) % files.size();
            current = open.filter(r -> !r.isError()).map(r -> DemoData.seedTitle(r.record()))
                    .filter(Objects::nonNull).iterator();
        }

        int distinct() {
            return distinct;
        }

        @Override
        public void close() {
            if (open != null) open.close();
        }
    }
}
