package org.quire.app;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.Api;
import org.quire.platform.Json;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Check-out/check-in load on the demo tenant of a {@link QuireProcess}, recording every operation with what its
 * client saw, so that a crash test can tell what was acknowledged. Each client owns its items and patrons (no two
 * clients race for one item: the races are another test's), checks out {@link #HELD} items, then checks them in.
 * An operation without an answer, or with an answer that does not say what happened (a 5xx), leaves its item
 * uncertain: the client checks it in again until it is answered 200 (a check-in of an item without an open loan is
 * answered 200 too), so the load goes on through an outage without using up items.
 */
final class CicoLoad implements AutoCloseable {
    static final String CIRC_DESK_1 = "3a40852d-49fd-4df2-a1f9-6e2641a6e91f";
    /** Items a client holds checked out before it checks them in. */
    static final int HELD = 3;

    enum Kind {CHECK_OUT, CHECK_IN}

    /** A demo item. */
    record Item(String id, String barcode) {
    }

    /**
     * One request and what its client saw: {@code status} -1 when no answer came (connection refused or reset);
     * {@code loanId} from the answer when acknowledged.
     */
    record Op(Kind kind, Item item, int status, String loanId, long startNanos, long endNanos) {
        boolean acknowledged() {
            return status == (kind == Kind.CHECK_OUT ? 201 : 200);
        }

        /** A definite refusal: nothing happened. */
        boolean refused() {
            return status >= 400 && status < 500;
        }
    }

    final ConcurrentLinkedQueue<Op> ops = new ConcurrentLinkedQueue<>();
    private final Supplier<Api.Session> session;
    private final ExecutorService clients;
    private final List<Future<?>> running = new ArrayList<>();
    private volatile boolean stop;

    /**
     * Starts {@code clients} threads over the demo tenant's Available demo items and active patrons.
     *
     * @param session the session to use for each request (a crash test swaps it for one on a restarted Quire)
     */
    CicoLoad(Api.Session admin, Supplier<Api.Session> session, int clients) {
        this.session = session;
        List<Item> items = availableDemoItems(admin);
        List<String> patrons = patronBarcodes(admin);
        if (items.size() < clients * 20 || patrons.size() < clients * 2)
            throw new IllegalStateException("not enough demo items (" + items.size() + ") or patrons (" + patrons.size() + ")");
        this.clients = Executors.newFixedThreadPool(clients);
        for (int c = 0; c < clients; c++) {
            Deque<Item> own = new ArrayDeque<>(items.subList(c * items.size() / clients, (c + 1) * items.size() / clients));
            List<String> ownPatrons = patrons.subList(c * patrons.size() / clients, (c + 1) * patrons.size() / clients);
            running.add(this.clients.submit(() -> client(own, ownPatrons)));
        }
    }

    private static List<Item> availableDemoItems(Api.Session admin) {
        JsonNode items = admin.get("/item-storage/items?limit=2000",
                "status.name==\"Available\" and barcode==\"1000*\" sortBy barcode").json().path("items");
        List<Item> out = new ArrayList<>();
        items.forEach(i -> out.add(new Item(i.path("id").asText(), i.path("barcode").asText())));
        return out;
    }

    private static List<String> patronBarcodes(Api.Session admin) {
        JsonNode users = admin.get("/users?limit=300", "active==true and type==patron sortBy barcode").json().path("users");
        List<String> out = new ArrayList<>();
        users.forEach(u -> {
            if (!u.path("barcode").asText().isEmpty()) out.add(u.path("barcode").asText());
        });
        return out;
    }

    private Void client(Deque<Item> free, List<String> patrons) throws InterruptedException {
        List<Item> held = new ArrayList<>();
        int patron = 0;
        while (!stop) {
            if (held.size() < HELD) {
                Item item = free.removeFirst();
                Op op = checkOut(item, patrons.get(patron++ % patrons.size()));
                if (op.refused()) free.addLast(item);
                else held.add(item); // checked out, or perhaps: checked in below either way
                if (!op.acknowledged() && !op.refused()) Thread.sleep(100);
            } else {
                for (var it = held.iterator(); it.hasNext() && !stop; ) {
                    Item item = it.next();
                    Op op = checkIn(item);
                    if (op.acknowledged()) {
                        it.remove();
                        free.addLast(item);
                    } else {
                        Thread.sleep(100); // an outage: try again shortly
                    }
                }
            }
        }
        return null;
    }

    private Op checkOut(Item item, String patron) {
        long start = System.nanoTime();
        Api.Reply r = send(() -> session.get().post("/circulation/check-out-by-barcode", Json.object()
                .put("itemBarcode", item.barcode()).put("userBarcode", patron).put("servicePointId", CIRC_DESK_1)));
        return record(Kind.CHECK_OUT, item, r, start);
    }

    private Op checkIn(Item item) {
        long start = System.nanoTime();
        Api.Reply r = send(() -> session.get().post("/circulation/check-in-by-barcode", Json.object()
                .put("itemBarcode", item.barcode()).put("servicePointId", CIRC_DESK_1)
                .put("checkInDate", Instant.now().toString())));
        return record(Kind.CHECK_IN, item, r, start);
    }

    private Op record(Kind kind, Item item, Api.Reply r, long start) {
        int status = r == null ? -1 : r.status();
        String loanId = null;
        if (r != null && (status == 201 || status == 200)) {
            JsonNode body = r.json();
            loanId = (kind == Kind.CHECK_OUT ? body : body.path("loan")).path("id").asText(null);
        }
        Op op = new Op(kind, item, status, loanId, start, System.nanoTime());
        ops.add(op);
        return op;
    }

    /** The reply, or null when none came (the server is gone). */
    private static Api.Reply send(Supplier<Api.Reply> request) {
        try {
            return request.get();
        } catch (IllegalStateException e) {
            return null;
        }
    }

    /** Stops the clients after their current request; they must stop within 60 s. */
    @Override
    public void close() throws Exception {
        stop = true;
        clients.shutdown();
        for (Future<?> f : running) f.get(60, TimeUnit.SECONDS);
        clients.shutdownNow();
    }

    /** Operations acknowledged since {@code nanos}. */
    long acknowledgedSince(long nanos) {
        return ops.stream().filter(o -> o.acknowledged() && o.startNanos() >= nanos).count();
    }

    /** Statuses seen, by operation: "CHECK_OUT 201" → n; -1 is "no answer". */
    Map<String, Long> histogram() {
        Map<String, Long> h = new TreeMap<>();
        for (Op o : ops) h.merge(o.kind() + " " + (o.status() == -1 ? "no answer" : o.status()), 1L, Long::sum);
        return h;
    }
}
