package org.quire.srs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.marc.MarcRecords;

import java.time.Instant;
import java.util.UUID;

/**
 * One generation of an SRS record, as mod-source-record-storage keeps it (records_lb with its raw, parsed and error
 * record): {@code deleted} is {@code state == DELETED}.
 *
 * @param rawContent     the ISO 2709 text (rawRecord.content), or null
 * @param parsedContent  MARC-in-JSON (parsedRecord.content), or null
 * @param errorDescription why the record could not be parsed (errorRecord.description), or null
 * @param leaderRecordStatus Leader/05 of the parsed record (n, c, d …), or null
 * @param order          the record's position in its import file, or null
 */
public record SrsRecord(UUID id, UUID matchedId, UUID snapshotId, int generation, SrsRecordType recordType,
                        SrsState state, String rawContent, ObjectNode parsedContent, String errorDescription,
                        String errorContent, ExternalIds externalIds, boolean suppressDiscovery,
                        String leaderRecordStatus, Integer order, UUID createdBy, Instant createdDate, UUID updatedBy,
                        Instant updatedDate) {

    public boolean deleted() {
        return state == SrsState.DELETED;
    }

    /**
     * A new record (generation 0, ACTUAL, its own matchedId) of a MARC record read by the import: raw ISO 2709 in
     * UTF-8 and MARC-in-JSON, as SRM's parsing step stores it (the snapshot is the job execution).
     */
    public static SrsRecord fromMarc(UUID id, UUID snapshotId, SrsRecordType type, org.marc4j.marc.Record marc,
                                     Integer order) {
        ObjectNode parsed = MarcRecords.toMarcJson(marc);
        return new SrsRecord(id, id, snapshotId, 0, type, SrsState.ACTUAL, MarcRecords.toIso2709(marc), parsed, null,
                null, ExternalIds.NONE, false, leaderStatus(parsed), order, null, null, null, null);
    }

    /**
     * A record as FOLIO's import stores it after parsing: {@link #fromMarc} after SRM's additional fields (001/003
     * copied to 035, 999 ff $s = the record's id, which is its matched id). Changes {@code marc} in place.
     */
    public static SrsRecord fromImport(UUID id, UUID snapshotId, SrsRecordType type, org.marc4j.marc.Record marc,
                                       Integer order) {
        SrsMarcFields.afterParsing(marc, id);
        return fromMarc(id, snapshotId, type, marc, order);
    }

    /**
     * {@link #fromImport} for a record that becomes a new generation of {@code matchedId} (an update by match):
     * 999 ff $s is the matched id the generations share.
     */
    public static SrsRecord fromImport(UUID id, UUID matchedId, UUID snapshotId, SrsRecordType type,
                                       org.marc4j.marc.Record marc, Integer order) {
        SrsMarcFields.afterParsing(marc, matchedId);
        SrsRecord r = fromMarc(id, snapshotId, type, marc, order);
        return new SrsRecord(id, matchedId, snapshotId, 0, type, r.state(), r.rawContent(), r.parsedContent(), null,
                null, r.externalIds(), false, r.leaderRecordStatus(), order, null, null, null, null);
    }

    /**
     * This record linked to the instance made from it, as mod-inventory writes it back: 001 = the instance HRID,
     * 999 ff $i = the instance id, and the externalIdsHolder's instanceId and instanceHrid; raw and parsed content
     * are rewritten together.
     */
    public SrsRecord linkedToInstance(UUID instanceId, String hrid) {
        if (parsedContent == null) throw new IllegalStateException("record " + id + " has no parsed MARC");
        org.marc4j.marc.Record marc = MarcRecords.fromMarcJson(parsedContent);
        SrsMarcFields.linkToInstance(marc, instanceId, hrid);
        ExternalIds ids = (externalIds == null ? ExternalIds.NONE : externalIds).withInstance(instanceId, hrid);
        return new SrsRecord(id, matchedId, snapshotId, generation, recordType, state, MarcRecords.toIso2709(marc),
                MarcRecords.toMarcJson(marc), errorDescription, errorContent, ids, suppressDiscovery,
                leaderRecordStatus, order, createdBy, createdDate, updatedBy, updatedDate);
    }

    /**
     * This MARC holdings record linked to the holdings made from it (SRS's holdings post-processing, as for an
     * instance): 001 = the holdings HRID, 999 ff $i = the holdings id, externalIdsHolder holdingsId/holdingsHrid.
     */
    public SrsRecord linkedToHoldings(UUID holdingsId, String hrid) {
        if (parsedContent == null) throw new IllegalStateException("record " + id + " has no parsed MARC");
        org.marc4j.marc.Record marc = MarcRecords.fromMarcJson(parsedContent);
        SrsMarcFields.linkToInstance(marc, holdingsId, hrid);
        ExternalIds ids = (externalIds == null ? ExternalIds.NONE : externalIds).withHoldings(holdingsId, hrid);
        return new SrsRecord(id, matchedId, snapshotId, generation, recordType, state, MarcRecords.toIso2709(marc),
                MarcRecords.toMarcJson(marc), errorDescription, errorContent, ids, suppressDiscovery,
                leaderRecordStatus, order, createdBy, createdDate, updatedBy, updatedDate);
    }

    /**
     * A MARC authority record as SRM stores it on import: 999 ff $s = its id (the matched id) and $i = the id the
     * authority will get, externalIdsHolder authorityId and authorityHrid = the trimmed 001. Changes {@code marc}
     * in place (the authority is mapped from it afterwards, taking its id from 999 ff $i).
     */
    public static SrsRecord fromAuthorityImport(UUID id, UUID snapshotId, UUID authorityId,
                                                org.marc4j.marc.Record marc, Integer order) {
        SrsMarcFields.afterParsingAuthority(marc, id, authorityId);
        org.marc4j.marc.ControlField f001 = (org.marc4j.marc.ControlField) marc.getVariableField("001");
        String hrid = f001 == null || f001.getData() == null ? null : f001.getData().trim();
        return fromMarc(id, snapshotId, SrsRecordType.MARC_AUTHORITY, marc, order)
                .withExternalIds(ExternalIds.NONE.withAuthority(authorityId, hrid));
    }

    /** Leader/05 (record status) of MARC-in-JSON, as SRS's ParsedRecordDaoUtil reads it; null without a leader. */
    static String leaderStatus(ObjectNode parsed) {
        if (parsed == null) return null;
        String leader = parsed.path("leader").asText("");
        return leader.length() > 5 ? String.valueOf(leader.charAt(5)) : null;
    }

    public SrsRecord withState(SrsState s) {
        return new SrsRecord(id, matchedId, snapshotId, generation, recordType, s, rawContent, parsedContent,
                errorDescription, errorContent, externalIds, suppressDiscovery, leaderRecordStatus, order, createdBy,
                createdDate, updatedBy, updatedDate);
    }

    public SrsRecord withExternalIds(ExternalIds ids) {
        return new SrsRecord(id, matchedId, snapshotId, generation, recordType, state, rawContent, parsedContent,
                errorDescription, errorContent, ids, suppressDiscovery, leaderRecordStatus, order, createdBy,
                createdDate, updatedBy, updatedDate);
    }
}
