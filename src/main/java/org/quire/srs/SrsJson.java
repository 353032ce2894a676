package org.quire.srs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.marc.MarcRecords;
import org.quire.platform.Json;

import java.util.UUID;

/**
 * SRS records in FOLIO's JSON: Record (schemas/dto/record.json) and the lighter SourceRecord
 * (schemas/dto/sourceRecord.json: recordId, snapshotId, recordType, rawRecord, parsedRecord …). rawRecord,
 * parsedRecord and errorRecord carry the record's id, as SRS stores them under it. formattedContent is added only by
 * the /formatted view (SRS's getFormattedRecord), not by plain reads.
 */
public final class SrsJson {
    private SrsJson() {
    }

    public static ObjectNode record(SrsRecord r, boolean formatted) {
        ObjectNode j = Json.object();
        j.put("id", r.id().toString());
        j.put("snapshotId", r.snapshotId().toString());
        j.put("matchedId", r.matchedId().toString());
        j.put("generation", r.generation());
        j.put("recordType", r.recordType().name());
        content(j, r, formatted);
        if (r.errorDescription() != null || r.errorContent() != null) {
            ObjectNode e = j.putObject("errorRecord").put("id", r.id().toString());
            e.put("description", r.errorDescription());
            e.put("content", r.errorContent());
        }
        j.put("deleted", r.deleted());
        if (r.order() != null) j.put("order", r.order());
        j.set("externalIdsHolder", externalIds(r.externalIds()));
        j.putObject("additionalInfo").put("suppressDiscovery", r.suppressDiscovery());
        j.put("state", r.state().name());
        if (r.leaderRecordStatus() != null) j.put("leaderRecordStatus", r.leaderRecordStatus());
        j.set("metadata", metadata(r));
        return j;
    }

    public static ObjectNode sourceRecord(SrsRecord r) {
        ObjectNode j = Json.object();
        j.put("recordId", r.id().toString());
        j.put("snapshotId", r.snapshotId().toString());
        j.put("recordType", r.recordType().name());
        content(j, r, false);
        j.put("generation", r.generation());
        j.put("deleted", r.deleted());
        if (r.order() != null) j.put("order", r.order());
        j.set("externalIdsHolder", externalIds(r.externalIds()));
        j.putObject("additionalInfo").put("suppressDiscovery", r.suppressDiscovery());
        j.set("metadata", metadata(r));
        return j;
    }

    private static void content(ObjectNode j, SrsRecord r, boolean formatted) {
        if (r.rawContent() != null) j.putObject("rawRecord").put("id", r.id().toString()).put("content", r.rawContent());
        if (r.parsedContent() != null) {
            ObjectNode p = j.putObject("parsedRecord").put("id", r.id().toString());
            p.set("content", r.parsedContent());
            if (formatted) p.put("formattedContent", MarcRecords.toFormattedText(MarcRecords.fromMarcJson(r.parsedContent())));
        }
    }

    private static ObjectNode externalIds(ExternalIds x) {
        ObjectNode j = Json.object();
        if (x == null) return j;
        put(j, "instanceId", x.instanceId());
        if (x.instanceHrid() != null) j.put("instanceHrid", x.instanceHrid());
        put(j, "holdingsId", x.holdingsId());
        if (x.holdingsHrid() != null) j.put("holdingsHrid", x.holdingsHrid());
        put(j, "authorityId", x.authorityId());
        if (x.authorityHrid() != null) j.put("authorityHrid", x.authorityHrid());
        return j;
    }

    private static void put(ObjectNode j, String name, UUID id) {
        if (id != null) j.put(name, id.toString());
    }

    private static ObjectNode metadata(SrsRecord r) {
        ObjectNode m = Json.object();
        m.put("createdDate", Json.date(r.createdDate()));
        if (r.createdBy() != null) m.put("createdByUserId", r.createdBy().toString());
        m.put("updatedDate", Json.date(r.updatedDate()));
        if (r.updatedBy() != null) m.put("updatedByUserId", r.updatedBy().toString());
        return m;
    }

    public static ObjectNode snapshot(Snapshot s) {
        ObjectNode j = Json.object();
        j.put("jobExecutionId", s.jobExecutionId().toString());
        j.put("status", s.status());
        if (s.processingStartedDate() != null) j.put("processingStartedDate", Json.date(s.processingStartedDate()));
        ObjectNode m = j.putObject("metadata");
        m.put("createdDate", Json.date(s.createdDate()));
        if (s.createdBy() != null) m.put("createdByUserId", s.createdBy().toString());
        m.put("updatedDate", Json.date(s.updatedDate()));
        if (s.updatedBy() != null) m.put("updatedByUserId", s.updatedBy().toString());
        return j;
    }
}
