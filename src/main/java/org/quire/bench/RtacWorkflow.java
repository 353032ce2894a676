package org.quire.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import org.quire.platform.Json;

import javax.sql.DataSource;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Real-time availability as discovery layers ask for it: nearly half the iterations ask for the one large instance
 * (300 holdings records × 2 items (issue 16's shape), every fifth on loan — FOLIO took 13–17 s for such an instance),
 * nearly half for a batch of 50 random instances, and one in twenty checks one of the large instance's items out and
 * in again, asking for the large instance after each: an answer that has just changed, which Quire cannot have kept
 * (rtac/AvailabilityCache). Discovery layers ask far more often than a desk lends one title's copies; one in twenty
 * is enough for the changed answer's percentiles. The floor is one authenticated GET of an instance record: what any
 * availability answer costs at least.
 */
final class RtacWorkflow implements Workflow {
    static final String LARGE = "GET /rtac/{id} (300 holdings × 2 items)";
    static final String BATCH = "POST /rtac-batch (50 instances)";
    static final String CHANGED = "GET /rtac/{id} (300 holdings × 2 items) after one of its items circulated";
    static final int BATCH_SIZE = 50;

    @Override
    public LoadRunner.Iteration quireUser(Measurements m, TenantData t) {
        return () -> {
            double p = ThreadLocalRandom.current().nextDouble();
            if (p < 0.05) {
                circulateOneItem(m, t);
            } else if (p < 0.525) {
                Timed.call(m, LARGE, () -> t.session().get("/rtac/" + t.largeInstanceId()));
            } else {
                ArrayNode ids = Json.array();
                for (int i = 0; i < BATCH_SIZE; i++) {
                    ids.add(t.instanceIds().get(ThreadLocalRandom.current().nextInt(t.instanceIds().size())));
                }
                Timed.call(m, BATCH, () -> t.session().post("/rtac-batch", Json.object().set("instanceIds", ids)));
            }
        };
    }

    /**
     * Checks out one of the large instance's items that set-up left on the shelf, then checks it in, and asks for
     * the large instance after each (timed; the circulation calls are not). An item another user has out is skipped.
     */
    private static void circulateOneItem(Measurements m, TenantData t) throws IOException, InterruptedException {
        var random = ThreadLocalRandom.current();
        int n = 1 + 5 * random.nextInt(DataSetup.LARGE_HOLDINGS * DataSetup.LARGE_ITEMS_PER_HOLDINGS / 5)
                + random.nextInt(4);
        String barcode = DataSetup.largeItemBarcode(n);
        String patron = t.patrons().get(random.nextInt(t.patrons().size())).barcode();
        BenchHttp.Reply out = t.session().post("/circulation/check-out-by-barcode", Json.object()
                .put("itemBarcode", barcode).put("userBarcode", patron).put("servicePointId", t.servicePointId()));
        if (!out.ok()) return;
        Timed.call(m, CHANGED, () -> t.session().get("/rtac/" + t.largeInstanceId()));
        BenchHttp.Reply in = t.session().post("/circulation/check-in-by-barcode", Json.object()
                .put("itemBarcode", barcode).put("servicePointId", t.servicePointId())
                .put("checkInDate", java.time.Instant.now().toString()));
        if (in.ok()) Timed.call(m, CHANGED, () -> t.session().get("/rtac/" + t.largeInstanceId()));
    }

    @Override
    public LoadRunner.Iteration sqlFloorUser(Measurements m, TenantData t, DataSource db) {
        throw new UnsupportedOperationException("rtac has no SQL floor");
    }

    @Override
    public Map<String, String> sqlFloorOf() {
        return Map.of();
    }

    @Override
    public HttpFloor httpFloor() {
        return new HttpFloor("HTTP floor: GET /instance-storage/instances/{id}",
                t -> "/instance-storage/instances/" + t.largeInstanceId());
    }

    @Override
    public Set<String> httpFloorOnly() {
        return Set.of(LARGE, BATCH, CHANGED);
    }

    @Override
    public List<String> notes() {
        return List.of("rtac: the floor is one GET of the large instance's record through the same server (HTTP, "
                + "authentication, one indexed read); there is no SQL floor. The data set has no requests yet, "
                + "so every totalHoldRequests is 0 (still counted, by the same statement).",
                "rtac: Quire keeps its answers and gives one again after one statement finds its instance unchanged "
                        + "(rtac/AvailabilityCache). `" + LARGE + "` is mostly such answers (it is read again after "
                        + "the other users' check-outs and check-ins of its items); `" + CHANGED + "` never is: each "
                        + "follows a check-out or check-in of one of the instance's items.");
    }
}
