package org.quire.srs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;

import java.util.List;
import java.util.Optional;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;
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
     * POST, as SRS's RecordServiceImpl.saveRecord: the snapshot must exist and be processing; the matched id is the
     * parsed record's 999 ff $s, else the current record of the same external id (instance, holdings or authority
     * by record type), else the record's own id, and 999 ff $s is set to it (not for EDIFACT); without a generation
     * SRS calculates it (one more than the matched id's highest generation in a snapshot COMMITTED before this one
     * started, else 0), and a generation above 0 makes the current ACTUAL one OLD. A generation the matched id
     * already has is a 422 "Incoming file may contain duplicates" (DUPLICATE_RECORD_MSG). Round trips: 4–6.
     */
    public SrsRecord create(String schema, ObjectNode json, UUID userId) {
        RecordInput.Sent sent = RecordInput.read(json);
        try {
            return db.tx(c -> save(c, schema, sent, sent.record().id(), userId));
        } catch (org.quire.platform.db.DbException e) {
            if (isDuplicateGeneration(e)) {
                throw new Refused(List.of(Refusal.of("Incoming file may contain duplicates", null, null)));
            }
            throw e;
        }
    }

    private static SrsRecord save(java.sql.Connection c, String schema, RecordInput.Sent sent, UUID id, UUID userId)
            throws java.sql.SQLException {
        SrsRecord r = sent.record();
        requireProcessingSnapshot(c, schema, r.snapshotId());
        UUID matchedId = matchedId(c, schema, r, id);
        ObjectNode parsed = r.parsedContent();
        if (parsed != null && r.recordType() != SrsRecordType.EDIFACT) {
            parsed = MarcJsonFields.with999s(parsed, matchedId);
        }
        int generation = sent.generationGiven() ? r.generation()
                : SrsStore.calculateGeneration(c, schema, matchedId, r.snapshotId());
        SrsRecord next = new SrsRecord(id, matchedId, r.snapshotId(), generation, r.recordType(), r.state(),
                r.rawContent(), parsed, r.errorDescription(), r.errorContent(), r.externalIds(),
                r.suppressDiscovery(), r.leaderRecordStatus(), r.order(), null, null, null, null);
        if (generation > 0) SrsStore.supersede(c, schema, matchedId, generation, userId);
        return SrsStore.insert(c, schema, List.of(next), userId).getFirst();
    }

    /** RecordServiceImpl.setMatchedIdForRecord. */
    private static UUID matchedId(java.sql.Connection c, String schema, SrsRecord r, UUID id)
            throws java.sql.SQLException {
        UUID from999 = org.quire.platform.Ids.orNull(MarcJsonFields.subfield(r.parsedContent(), "999", 's'));
        if (from999 != null) return from999;
        if (r.matchedId() != null) return r.matchedId();
        ExternalIds x = r.externalIds();
        IdType type = switch (r.recordType()) {
            case MARC_BIB -> IdType.INSTANCE;
            case MARC_HOLDING -> IdType.HOLDINGS;
            case MARC_AUTHORITY -> IdType.AUTHORITY;
            case EDIFACT -> null;
        };
        UUID external = type == IdType.INSTANCE ? x.instanceId() : type == IdType.HOLDINGS ? x.holdingsId()
                : type == IdType.AUTHORITY ? x.authorityId() : null;
        if (external != null && r.state() == SrsState.ACTUAL) {
            Optional<SrsRecord> existing = SrsStore.find(c, schema, type, external)
                    .filter(e -> e.state() == SrsState.ACTUAL);
            if (existing.isPresent()) return existing.get().id();
        }
        return id;
    }

    private static boolean isDuplicateGeneration(org.quire.platform.db.DbException e) {
        for (java.sql.SQLException s = e.sqlException(); s != null; s = s.getNextException()) {
            if ("23505".equals(s.getSQLState()) && String.valueOf(s.getMessage()).contains("srs_record_matched_")) {
                return true;
            }
        }
        return false;
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

    /** MARC 005's form (AdditionalFieldsUtil.updateLatestTransactionDate). */
    private static final java.time.format.DateTimeFormatter LATEST_TRANSACTION =
            java.time.format.DateTimeFormatter.ofPattern("yyyyMMddHHmmss.S");

    /**
     * DELETE, as RecordServiceImpl.deleteRecordById: the current generation becomes DELETED (deleted: true), its
     * Leader/05 'd', its 005 the time of the deletion, and suppressed from discovery; deleting a DELETED record again changes nothing. Round trips: 2–3.
     */
    public void delete(String schema, IdType idType, UUID id, UUID userId) {
        db.tx(c -> {
            SrsRecord stored = SrsStore.findForUpdate(c, schema, idType, id).orElseThrow(() -> recordNotFound(id));
            if (stored.state() == SrsState.DELETED) return null;
            ObjectNode parsed = stored.parsedContent();
            String leaderStatus = stored.leaderRecordStatus();
            if (parsed != null && parsed.path("leader").asText("").length() == 24) {
                String leader = parsed.get("leader").asText();
                parsed = MarcJsonFields.withControlField(parsed, "005", LATEST_TRANSACTION.format(
                        java.time.LocalDateTime.now(java.time.ZoneOffset.UTC)));
                parsed.put("leader", leader.substring(0, 5) + "d" + leader.substring(6));
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
     * PUT /source-storage/records/{matchedId}/generation, as RecordServiceImpl.updateRecordGeneration: the parsed
     * record's 999 ff $s must be the matched id (400 "Matched id (…) not equal to 999ff$s (…) field"), a record of that
     * matched id must exist (404 "Record with given matched id (…) not found"); the record is then saved under a new
     * id as POST saves it, and a generation the matched id already has is a 400 (UPDATE_RECORD_DUPLICATE_EXCEPTION).
     */
    public SrsRecord newGeneration(String schema, UUID matchedId, ObjectNode json, UUID userId) {
        RecordInput.Sent sent = RecordInput.read(json);
        String s999 = MarcJsonFields.subfield(sent.record().parsedContent(), "999", 's');
        if (!matchedId.toString().equals(s999)) {
            throw new InvalidInput("Matched id (" + matchedId + ") not equal to 999ff$s (" + s999 + ") field");
        }
        try {
            return db.tx(c -> {
                if (SrsStore.find(c, schema, IdType.RECORD, matchedId).isEmpty()) {
                    throw new NotFound("Record with given matched id (" + matchedId + ") not found");
                }
                return save(c, schema, sent, UUID.randomUUID(), userId);
            });
        } catch (org.quire.platform.db.DbException e) {
            if (isDuplicateGeneration(e)) {
                throw new InvalidInput("Incoming record could be a duplicate, incoming record generation should not be "
                        + "the same as matched record generation and the execution of job should be started after of "
                        + "creating the previous record generation");
            }
            throw e;
        }
    }
}
