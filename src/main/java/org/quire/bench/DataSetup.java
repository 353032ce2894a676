package org.quire.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.app.DemoData;
import org.quire.app.SampleData;
import org.quire.platform.Json;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Prepares a tenant like the PTF's check-in/check-out baseline, through Quire's public API only (so it works against
 * any running Quire): a new tenant with FOLIO's reference data, its sample locations and fallback-only circulation
 * rules, a catalogue of real LC titles with one Available item each, active patrons with barcodes, and open loans
 * made by real check-outs.
 * And, like the baseline, open requests: Page requests on available items and Hold requests on checked-out ones.
 */
public final class DataSetup {
    /** FOLIO reference data: the policies of the reference rules' fallback line; undergraduates; Circ Desk 1. */
    static final String FALLBACK_RULES = "priority: number-of-criteria, criterium (t, s, c, b, a, m, g), last-line\n"
            + "fallback-policy: l d9cd0bed-1b49-4b5e-a7bd-064b8d177231 r 334e5a9e-94f9-4673-8d1d-ab552863886b "
            + "n 122b3d2b-4788-4f1e-9117-56daa91cb75c o cd3f6cac-fa17-4079-9fae-2fb28e521412 "
            + "i ed892c0e-52e0-4cd9-8133-c0ef07b4a709\n";
    static final String UNDERGRAD = "bdc2b6d4-5ceb-4a12-ab46-249b9a68473e";
    static final String CIRC_DESK_1 = "3a40852d-49fd-4df2-a1f9-6e2641a6e91f";
    static final String ADMIN = "bench_admin";
    private static final int BATCH = 1000;
    /** Share of the items kept for the SQL floor's own check-outs and check-ins. */
    private static final double FLOOR_SHARE = 0.4;

    private final BenchHttp.Session admin;
    private final Progress progress;
    private final List<DemoData.SeedTitle> titles = DemoData.seedTitles();
    /** Item ids by barcode, and who borrowed each item lent by {@link #checkOut}: the requests need both. */
    private final java.util.Map<String, String> itemIds = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.Map<String, String> borrowerIds = new java.util.concurrent.ConcurrentHashMap<>();

    public DataSetup(BenchHttp.Session admin, Progress progress) {
        this.admin = admin;
        this.progress = progress;
    }

    /** The large instance of the rtac workflow: FOLIO's RTAC report found 13–17 s for 300+ holdings. */
    static final int LARGE_HOLDINGS = 300, LARGE_ITEMS_PER_HOLDINGS = 2;

    /** The barcode of the large instance's {@code n}th item; every fifth ({@code n % 5 == 0}) is lent at set-up. */
    static String largeItemBarcode(int n) {
        return String.valueOf(40_000_000 + n);
    }

    /** Loans of each heavy borrower of the renew workflow (the PTF's "renew a patron's 200 loans"). */
    static final int HEAVY_LOANS = 200;

    public TenantData prepare(String tenant, int items, int patrons, int openLoans, int openRequests,
                              boolean largeInstance, int heavyBorrowers) throws IOException, InterruptedException {
        String password = UUID.randomUUID().toString();
        admin.postOk("/_/tenants", Json.object().put("id", tenant).put("name", "quire bench " + tenant)
                .put("adminUsername", ADMIN).put("adminPassword", password));
        BenchHttp.Session s = admin.http().login(tenant, ADMIN, password);
        createSampleLocations(s);
        BenchHttp.Reply rules = s.put("/circulation/rules", Json.object().put("rulesAsText", FALLBACK_RULES));
        if (!rules.ok()) throw new IllegalStateException("PUT /circulation/rules → HTTP " + rules.status() + ": "
                + rules.abbreviated());

        List<String> instanceIds = new ArrayList<>();
        List<String> barcodes = createItems(s, items, instanceIds);
        List<TenantData.Patron> people = createPatrons(s, patrons);
        String large = largeInstance ? createLargeInstance(s, people) : null;
        int floorItems = (int) Math.round(barcodes.size() * FLOOR_SHARE);
        TenantData.Pool floor = new TenantData.Pool();
        floor.available().addAll(barcodes.subList(0, floorItems));
        TenantData.Pool quire = new TenantData.Pool();
        quire.available().addAll(barcodes.subList(floorItems, barcodes.size()));
        // Heavy borrowers get exactly their 200 loans: they take no part in the random loans.
        List<TenantData.Patron> heavy = people.subList(0, Math.min(heavyBorrowers, people.size() - 1));
        List<TenantData.Patron> others = people.subList(heavy.size(), people.size());
        List<String> withLoans = checkOut(s, quire, others, Math.min(openLoans, quire.available().size() / 2));
        lendToEach(s, quire, heavy);
        placeRequests(s, quire, others, openRequests);
        return new TenantData(tenant, s, CIRC_DESK_1, List.copyOf(people), withLoans, quire, floor,
                List.copyOf(instanceIds), large, List.copyOf(heavy));
    }

    /**
     * FOLIO's sample institution, campuses, libraries and locations (the items are shelved at its Main Library): a
     * tenant made with reference data only has no locations, as in FOLIO. A record that already exists (a Quire that
     * still loads them with reference data) is left alone.
     */
    static void createSampleLocations(BenchHttp.Session s) throws IOException, InterruptedException {
        for (SampleData.LocationFile f : SampleData.LOCATIONS) {
            for (ObjectNode record : f.records()) {
                if (s.get(f.path() + "/" + record.get("id").asText()).status() == 404) s.postOk(f.path(), record);
            }
        }
    }

    /** One instance, holdings record and Available item per barcode, in batches of 1,000 through batch/synchronous. */
    private List<String> createItems(BenchHttp.Session s, int count, List<String> instanceIds)
            throws IOException, InterruptedException {
        List<String> barcodes = new ArrayList<>(count);
        for (int from = 0; from < count; from += BATCH) {
            int to = Math.min(count, from + BATCH);
            ArrayNode instances = Json.array(), holdings = Json.array(), items = Json.array();
            for (int n = from; n < to; n++) {
                DemoData.SeedTitle title = titles.get(n % titles.size());
                ObjectNode instance = title.instance().deepCopy().put("id", UUID.randomUUID().toString());
                instances.add(instance);
                instanceIds.add(instance.get("id").asText());
                ObjectNode h = holdings(holdings, instance, title);
                String barcode = String.valueOf(20_000_000 + n);
                itemIds.put(barcode, item(items, h, barcode));
                barcodes.add(barcode);
            }
            postCatalogue(s, instances, holdings, items);
            if (to == count || to % 10_000 == 0) progress.step(String.format("    %s: items %,d/%,d", s.tenant(), to, count));
        }
        return barcodes;
    }

    /** One title with 300 holdings records of 2 items each; every fifth item checked out by the real check-out. */
    private String createLargeInstance(BenchHttp.Session s, List<TenantData.Patron> patrons)
            throws IOException, InterruptedException {
        DemoData.SeedTitle title = titles.getFirst();
        ObjectNode instance = title.instance().deepCopy().put("id", UUID.randomUUID().toString());
        ArrayNode holdings = Json.array(), items = Json.array();
        List<String> toLend = new ArrayList<>();
        for (int h = 0; h < LARGE_HOLDINGS; h++) {
            ObjectNode holding = holdings(holdings, instance, title);
            for (int i = 0; i < LARGE_ITEMS_PER_HOLDINGS; i++) {
                int n = h * LARGE_ITEMS_PER_HOLDINGS + i;
                String barcode = largeItemBarcode(n);
                item(items, holding, barcode);
                if (n % 5 == 0) toLend.add(barcode);
            }
        }
        postCatalogue(s, Json.array().add(instance), holdings, items);
        parallel(toLend.size(), n -> s.postOk("/circulation/check-out-by-barcode", Json.object()
                .put("itemBarcode", toLend.get(n)).put("userBarcode", patrons.get(n % patrons.size()).barcode())
                .put("servicePointId", CIRC_DESK_1)));
        progress.step(String.format("    %s: one instance with %d holdings records, %d items, %d on loan", s.tenant(),
                LARGE_HOLDINGS, items.size(), toLend.size()));
        return instance.get("id").asText();
    }

    private static ObjectNode holdings(ArrayNode holdings, ObjectNode instance, DemoData.SeedTitle title) {
        ObjectNode h = holdings.addObject().put("id", UUID.randomUUID().toString())
                .put("instanceId", instance.get("id").asText())
                .put("permanentLocationId", DemoData.MAIN_LIBRARY).put("sourceId", DemoData.FOLIO_SOURCE);
        if (title.callNumber() != null) {
            h.put("callNumber", title.callNumber()).put("callNumberTypeId", DemoData.LC_CALL_NUMBER);
        }
        return h;
    }

    /** Adds an Available book to {@code items}; returns its id. */
    private static String item(ArrayNode items, ObjectNode holdings, String barcode) {
        ObjectNode item = items.addObject().put("id", UUID.randomUUID().toString())
                .put("holdingsRecordId", holdings.get("id").asText()).put("barcode", barcode)
                .put("materialTypeId", DemoData.BOOK).put("permanentLoanTypeId", DemoData.CAN_CIRCULATE);
        item.putObject("status").put("name", "Available");
        return item.get("id").asText();
    }

    private static void postCatalogue(BenchHttp.Session s, ArrayNode instances, ArrayNode holdings, ArrayNode items)
            throws IOException, InterruptedException {
        s.postOk("/instance-storage/batch/synchronous", Json.object().set("instances", instances));
        s.postOk("/holdings-storage/batch/synchronous", Json.object().set("holdingsRecords", holdings));
        s.postOk("/item-storage/batch/synchronous", Json.object().set("items", items));
    }

    private List<TenantData.Patron> createPatrons(BenchHttp.Session s, int count) throws InterruptedException {
        String until = Instant.now().plus(3650, ChronoUnit.DAYS).truncatedTo(ChronoUnit.DAYS).toString();
        List<TenantData.Patron> patrons = Collections.synchronizedList(new ArrayList<>());
        parallel(count, n -> {
            String id = UUID.randomUUID().toString();
            String barcode = String.valueOf(30_000_000 + n);
            ObjectNode u = Json.object().put("id", id).put("username", "patron" + n).put("barcode", barcode)
                    .put("active", true).put("patronGroup", UNDERGRAD).put("type", "patron").put("expirationDate", until);
            u.putObject("personal").put("lastName", "Patron " + n).put("firstName", "Bench")
                    .put("email", "patron" + n + "@example.org");
            s.postOk("/users", u);
            patrons.add(new TenantData.Patron(id, barcode));
        });
        progress.step(String.format("    %s: patrons %,d", s.tenant(), count));
        return patrons;
    }

    /** Open loans made by the real check-out, so that they are exactly what Quire's users will check in. */
    private List<String> checkOut(BenchHttp.Session s, TenantData.Pool pool, List<TenantData.Patron> patrons, int count)
            throws InterruptedException {
        List<String> borrowers = Collections.synchronizedList(new ArrayList<>());
        parallel(count, n -> {
            String barcode = pool.available().poll();
            TenantData.Patron p = patrons.get(ThreadLocalRandom.current().nextInt(patrons.size()));
            s.postOk("/circulation/check-out-by-barcode", Json.object().put("itemBarcode", barcode)
                    .put("userBarcode", p.barcode()).put("servicePointId", CIRC_DESK_1));
            pool.checkedOut().add(barcode);
            borrowers.add(p.id());
            borrowerIds.put(barcode, p.id());
        });
        progress.step(String.format("    %s: open loans %,d", s.tenant(), count));
        return List.copyOf(new java.util.LinkedHashSet<>(borrowers));
    }

    /** {@link #HEAVY_LOANS} real check-outs to each of {@code borrowers}; those items leave the cico pools. */
    private void lendToEach(BenchHttp.Session s, TenantData.Pool pool, List<TenantData.Patron> borrowers)
            throws InterruptedException {
        if (borrowers.isEmpty()) return;
        int count = borrowers.size() * HEAVY_LOANS;
        if (pool.available().size() < count) throw new IllegalStateException("Not enough items for " + borrowers.size()
                + " patrons with " + HEAVY_LOANS + " loans each: raise --data-scale");
        parallel(count, n -> {
            String barcode = pool.available().poll();
            s.postOk("/circulation/check-out-by-barcode", Json.object().put("itemBarcode", barcode)
                    .put("userBarcode", borrowers.get(n % borrowers.size()).barcode()).put("servicePointId", CIRC_DESK_1));
        });
        progress.step(String.format("    %s: %d patrons with %d loans each", s.tenant(), borrowers.size(), HEAVY_LOANS));
    }

    /**
     * {@code count} open requests, as the PTF baseline has beside its loans: two thirds Page requests on available
     * items, one third Hold requests on checked-out items by someone other than the borrower. Their items leave the
     * virtual users' pools, so a check-in never sends one to the hold shelf and no check-out is refused for it.
     */
    private void placeRequests(BenchHttp.Session s, TenantData.Pool pool, List<TenantData.Patron> patrons, int count)
            throws InterruptedException {
        if (count <= 0) return;
        int holds = Math.min(count / 3, pool.checkedOut().size() / 2);
        int pages = Math.min(count - holds, pool.available().size() / 2);
        String now = Instant.now().toString();
        parallel(pages + holds, n -> {
            boolean hold = n < holds;
            String barcode = (hold ? pool.checkedOut() : pool.available()).poll();
            TenantData.Patron requester = patrons.get(ThreadLocalRandom.current().nextInt(patrons.size()));
            if (requester.id().equals(borrowerIds.get(barcode))) {
                requester = patrons.get((patrons.indexOf(requester) + 1) % patrons.size());
            }
            s.postOk("/circulation/requests", Json.object().put("requestType", hold ? "Hold" : "Page")
                    .put("requestLevel", "Item").put("requestDate", now).put("requesterId", requester.id())
                    .put("itemId", itemIds.get(barcode)).put("fulfillmentPreference", "Hold Shelf")
                    .put("pickupServicePointId", CIRC_DESK_1));
        });
        progress.step(String.format("    %s: open requests %,d (%,d pages, %,d holds)", s.tenant(), pages + holds,
                pages, holds));
    }

    @FunctionalInterface
    private interface Step {
        void run(int n) throws IOException, InterruptedException;
    }

    /** Four requests at a time: set-up is quick without crowding out a 2-core machine. */
    private static void parallel(int count, Step step) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                workers.add(pool.submit(() -> {
                    for (int n; (n = next.getAndIncrement()) < count; ) step.run(n);
                    return null;
                }));
            }
            for (Future<?> f : workers) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException re ? re
                            : new IllegalStateException(e.getCause().getMessage(), e.getCause());
                }
            }
        }
    }

    /** Open loans in the tenant's loan table, from loan storage. */
    static long openLoans(BenchHttp.Session s) throws IOException, InterruptedException {
        JsonNode page = s.getOk("/loan-storage/loans?limit=0&query=" + BenchHttp.cql("status.name==Open"));
        return page.path("totalRecords").asLong();
    }

    static long allLoans(BenchHttp.Session s) throws IOException, InterruptedException {
        return s.getOk("/loan-storage/loans?limit=0").path("totalRecords").asLong();
    }
}
