package org.quire.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import org.quire.platform.Json;

import javax.sql.DataSource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Real-time availability as discovery layers ask for it: half the iterations ask for the one large instance (300
 * holdings records × 2 items (issue 16's shape), every fifth on loan — FOLIO took 13–17 s for such an instance), half for a batch of 50
 * random instances. The floor is one authenticated GET of an instance record: what any availability answer costs at
 * least.
 */
final class RtacWorkflow implements Workflow {
    static final String LARGE = "GET /rtac/{id} (300 holdings × 2 items)";
    static final String BATCH = "POST /rtac-batch (50 instances)";
    static final int BATCH_SIZE = 50;

    @Override
    public LoadRunner.Iteration quireUser(Measurements m, TenantData t) {
        return () -> {
            if (ThreadLocalRandom.current().nextBoolean()) {
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
        return Set.of(LARGE, BATCH);
    }

    @Override
    public List<String> notes() {
        return List.of("rtac: the floor is one GET of the large instance's record through the same server (HTTP, "
                + "authentication, one indexed read); there is no SQL floor. The data set has no requests yet, "
                + "so every totalHoldRequests is 0 (still counted, by the same statement).");
    }
}
