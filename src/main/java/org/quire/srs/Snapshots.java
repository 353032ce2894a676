package org.quire.srs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * /source-storage/snapshots writes (mod-source-record-storage SourceStorageSnapshotsImpl, SnapshotServiceImpl):
 * jobExecutionId and status are required (schemas/mod-source-record-storage/snapshot.json); processingStartedDate
 * is set when the status becomes PARSING_IN_PROGRESS and none was sent (the schema's description of the field).
 */
public final class Snapshots {
    private final Database db;

    public Snapshots(Database db) {
        this.db = db;
    }

    static NotFound notFound(UUID id) {
        return new NotFound("Snapshot with id '" + id + "' was not found");
    }

    public Snapshot create(String schema, ObjectNode json, UUID userId) {
        Snapshot s = read(json, null);
        return db.tx(c -> SrsStore.insertSnapshot(c, schema, s, userId));
    }

    public Snapshot update(String schema, UUID id, ObjectNode json, UUID userId) {
        return db.tx(c -> {
            Snapshot stored = SrsStore.snapshotForUpdate(c, schema, id).orElseThrow(() -> notFound(id));
            Snapshot sent = read(json, id);
            Instant started = sent.processingStartedDate() != null ? sent.processingStartedDate()
                    : stored.processingStartedDate();
            if (started == null && "PARSING_IN_PROGRESS".equals(sent.status())) started = Instant.now();
            Snapshot next = new Snapshot(id, sent.status(), started, stored.createdBy(), stored.createdDate(), userId,
                    Instant.now());
            SrsStore.updateSnapshot(c, schema, next, userId);
            return next;
        });
    }

    public void delete(String schema, UUID id) {
        if (!db.tx(c -> SrsStore.deleteSnapshot(c, schema, id))) throw notFound(id);
    }

    private static Snapshot read(ObjectNode json, UUID pathId) {
        List<Refusal> refusals = new ArrayList<>();
        if (pathId == null && !json.hasNonNull("jobExecutionId")) refusals.add(Refusal.required("jobExecutionId"));
        if (!json.hasNonNull("status")) refusals.add(Refusal.required("status"));
        if (!refusals.isEmpty()) throw new Refused(refusals);
        UUID id = pathId;
        if (json.hasNonNull("jobExecutionId")) {
            String v = json.get("jobExecutionId").asText();
            id = Ids.parse(v).orElseThrow(() -> new Refused(List.of(Refusal.of(
                    "must match \"" + Ids.UUID_PATTERN.pattern() + "\"", "javax.validation.constraints.Pattern.message",
                    "jobExecutionId", v))));
        }
        String status = json.get("status").asText();
        if (!Snapshot.STATUSES.contains(status)) {
            throw new InvalidInput("Invalid status: '" + status + "'; expected one of " + new java.util.TreeSet<>(Snapshot.STATUSES));
        }
        JsonNode started = json.get("processingStartedDate");
        Instant startedAt = null;
        if (started != null && !started.isNull()) {
            try {
                startedAt = Json.parseInstant(started.asText());
            } catch (RuntimeException e) {
                throw new InvalidInput("processingStartedDate is not a date-time: " + started.asText());
            }
        }
        if (startedAt == null && "PARSING_IN_PROGRESS".equals(status)) startedAt = Instant.now();
        return new Snapshot(id, status, startedAt, null, null, null, null);
    }
}
