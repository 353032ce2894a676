package org.quire.srs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;

import java.util.List;
import java.util.UUID;

/**
 * The writes of /source-storage/records, one transaction each (mod-source-record-storage SourceStorageRecordsImpl,
 * RecordServiceImpl, RecordDaoImpl.saveRecord/updateRecord). Messages are SRS's: "Record with id '…' was not found",
 * "Couldn't find snapshot with id …", "Date when processing started is not set, …".
 */
public final class SrsRecords {
    private final Database db;

    public SrsRecords(Database db) {
        this.db = db;
    }

    static NotFound recordNotFound(Object id) {
        return new NotFound("Record with id '" + id + "' was not found");
    }

    /**
     * POST: stores the record as sent; its snapshot must exist and be processing. Without a generation SRS calculates
     * it (RecordDaoImpl.calculateGeneration: one more than the highest generation of the matched id in a snapshot
     * COMMITTED before this one started, else 0), and an ACTUAL generation it supersedes becomes OLD. A generation
     * the matched id already has is a 422 (unique matched id and generation, as SRS's records_lb). Round trips: 3–5.
     */
    public SrsRecord create(String schema, ObjectNode json, UUID userId) {
        RecordInput.Sent sent = RecordInput.read(json);
        return db.tx(c -> {
            requireProcessingSnapshot(c, schema, sent.record().snapshotId());
            SrsRecord r = sent.record();
            if (!sent.generationGiven()) {
                int generation = SrsStore.calculateGeneration(c, schema, r.matchedId(), r.snapshotId());
                r = new SrsRecord(r.id(), r.matchedId(), r.snapshotId(), generation, r.recordType(), r.state(),
                        r.rawContent(), r.parsedContent(), r.errorDescription(), r.errorContent(), r.externalIds(),
                        r.suppressDiscovery(), r.leaderRecordStatus(), r.order(), null, null, null, null);
            }
            if (r.state() == SrsState.ACTUAL) SrsStore.supersede(c, schema, r.matchedId(), r.generation(), userId);
            return SrsStore.insert(c, schema, List.of(r), userId).getFirst();
        });
    }

    /**
     * SRS's saveRecord: the snapshot must exist (404) and its processing must have started — a processingStartedDate,
     * set when it went PARSING_IN_PROGRESS (400).
     */
    private static void requireProcessingSnapshot(java.sql.Connection c, String schema, UUID snapshotId)
            throws java.sql.SQLException {
        Snapshot s = SrsStore.snapshot(c, schema, snapshotId)
                .orElseThrow(() -> new NotFound("Couldn't find snapshot with id " + snapshotId));
        if (s.processingStartedDate() == null) {
            throw new InvalidInput("Date when processing started is not set, expected snapshot status is "
                    + "PARSING_IN_PROGRESS, actual - " + s.status());
        }
    }

    /**
     * PUT: replaces the generation {@code id} names in place (its own id, generation and creation kept), as SRS's
     * updateRecord does. Round trips: 2.
     */
    public SrsRecord update(String schema, IdType idType, UUID id, ObjectNode json, UUID userId) {
        SrsRecord sent = RecordInput.read(json).record();
        return db.tx(c -> {
            SrsRecord stored = SrsStore.findForUpdate(c, schema, idType, id).orElseThrow(() -> recordNotFound(id));
            SrsRecord next = new SrsRecord(stored.id(), sent.matchedId(), sent.snapshotId(), stored.generation(),
                    sent.recordType(), sent.state(), sent.rawContent(), sent.parsedContent(), sent.errorDescription(),
                    sent.errorContent(), sent.externalIds(), sent.suppressDiscovery(), sent.leaderRecordStatus(),
                    sent.order(), stored.createdBy(), stored.createdDate(), null, null);
            return SrsStore.update(c, schema, next, userId);
        });
    }

    /**
     * DELETE: the current generation becomes DELETED (deleted: true), its Leader/05 'd' and suppressed from
     * discovery, as SRS marks a deleted MARC record; deleting a DELETED record again changes nothing. Round trips: 2–3.
     */
    public void delete(String schema, IdType idType, UUID id, UUID userId) {
        db.tx(c -> {
            SrsRecord stored = SrsStore.findForUpdate(c, schema, idType, id).orElseThrow(() -> recordNotFound(id));
            if (stored.state() == SrsState.DELETED) return null;
            ObjectNode parsed = stored.parsedContent();
            String leaderStatus = stored.leaderRecordStatus();
            if (parsed != null && parsed.path("leader").asText("").length() == 24) {
                String leader = parsed.get("leader").asText();
                parsed = parsed.deepCopy().put("leader", leader.substring(0, 5) + "d" + leader.substring(6));
                leaderStatus = "d";
            }
            SrsStore.update(c, schema, new SrsRecord(stored.id(), stored.matchedId(), stored.snapshotId(),
                    stored.generation(), stored.recordType(), SrsState.DELETED, stored.rawContent(), parsed,
                    stored.errorDescription(), stored.errorContent(), stored.externalIds(), true, leaderStatus,
                    stored.order(), stored.createdBy(), stored.createdDate(), null, null), userId);
            return null;
        });
    }

    /**
     * PUT /source-storage/records/{id}/suppress-from-discovery: sets additionalInfo.suppressDiscovery of the current
     * generation; an unknown record is SRS's 404 "Record with INSTANCE id: … was not found"
     * (RecordDaoImpl.updateSuppressFromDiscoveryForRecord).
     */
    public void suppress(String schema, IdType idType, UUID id, boolean suppress, UUID userId) {
        db.tx(c -> {
            SrsRecord r = SrsStore.findForUpdate(c, schema, idType, id).orElseThrow(() ->
                    new NotFound("Record with " + idType + " id: " + id + " was not found"));
            return SrsStore.update(c, schema, new SrsRecord(r.id(), r.matchedId(), r.snapshotId(), r.generation(),
                    r.recordType(), r.state(), r.rawContent(), r.parsedContent(), r.errorDescription(),
                    r.errorContent(), r.externalIds(), suppress, r.leaderRecordStatus(), r.order(), r.createdBy(),
                    r.createdDate(), null, null), userId);
        });
    }

    /**
     * PUT /source-storage/records/{matchedId}/generation: the sent record becomes the new ACTUAL generation (a new
     * id when it sends the current one's), the current one OLD. The path and body matchedIds must agree.
     */
    public SrsRecord newGeneration(String schema, UUID matchedId, ObjectNode json, UUID userId) {
        SrsRecord sent = RecordInput.read(json).record();
        if (!matchedId.equals(sent.matchedId())) {
            throw new InvalidInput("Matched id in path (" + matchedId + ") and in the record (" + sent.matchedId()
                    + ") differ");
        }
        return db.tx(c -> {
            SrsRecord current = SrsStore.findForUpdate(c, schema, IdType.RECORD, matchedId)
                    .orElseThrow(() -> recordNotFound(matchedId));
            requireProcessingSnapshot(c, schema, sent.snapshotId());
            UUID id = sent.id().equals(current.id()) ? UUID.randomUUID() : sent.id();
            SrsRecord next = new SrsRecord(id, matchedId, sent.snapshotId(), 0, sent.recordType(), SrsState.ACTUAL,
                    sent.rawContent(), sent.parsedContent(), sent.errorDescription(), sent.errorContent(),
                    sent.externalIds(), sent.suppressDiscovery(), sent.leaderRecordStatus(), sent.order(), null, null,
                    null, null);
            return SrsStore.newGeneration(c, schema, next, userId);
        });
    }
}
