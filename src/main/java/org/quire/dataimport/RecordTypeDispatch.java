package org.quire.dataimport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.dataimport.profiles.ProfileSnapshot;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.rules.MappingRules;
import org.quire.marc.rules.RulesType;
import org.quire.platform.Json;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A chunk split by record type (SRM's record-type detection from the leader, {@link IncomingRecordType}): MARC bibs
 * go to {@link ImportChunk}, MARC holdings to {@link MarcHoldingsChunk}, MARC authorities to
 * {@link MarcAuthorityChunk}, each only when the job profile can take that type. A record the profile cannot take
 * becomes an error entry with SRM's "Chosen job profile does not support this record type" (SRM fails the whole
 * chunk when its first record does not fit; Quire refuses only the records that do not fit). Unreadable entries go
 * to the bib writer, which logs them as before. All in the caller's transaction.
 */
final class RecordTypeDispatch {
    private final String schema;
    private final UUID jobId;
    private final ImportChunk bibs;
    private final MarcHoldingsChunk holdings;
    private final MarcAuthorityChunk authorities;

    private RecordTypeDispatch(String schema, UUID jobId, ImportChunk bibs, MarcHoldingsChunk holdings,
                               MarcAuthorityChunk authorities) {
        this.schema = schema;
        this.jobId = jobId;
        this.bibs = bibs;
        this.holdings = holdings;
        this.authorities = authorities;
    }

    /**
     * The writers the job profile needs, each with the tenant's rules of its type. MARC holdings and authorities
     * are taken only by a profile with a CREATE HOLDINGS or CREATE AUTHORITY action (FOLIO's defaults "Default -
     * Create Holdings and SRS MARC Holdings", "Default - Create SRS MARC Authority").
     */
    static RecordTypeDispatch of(Connection c, String schema, UUID jobId, MappingRules rules, ProfileSnapshot profile,
                                 UUID userId) throws SQLException {
        ImportChunk bibs = IncomingRecordType.MARC_BIB.fits(profile)
                ? new ImportChunk(schema, jobId, rules.forTenant(c, schema, RulesType.MARC_BIB),
                ProfileActions.of(c, schema, profile), ProfileRoutes.of(profile), userId) : null;
        MarcHoldingsChunk holdings = IncomingRecordType.MARC_HOLDING.fits(profile)
                && IncomingRecordType.creates(profile, "HOLDINGS")
                ? MarcHoldingsChunk.of(c, schema, jobId, rules.forTenant(c, schema, RulesType.MARC_HOLDINGS), userId)
                : null;
        MarcAuthorityChunk authorities = IncomingRecordType.MARC_AUTHORITY.fits(profile)
                && IncomingRecordType.creates(profile, "AUTHORITY")
                ? MarcAuthorityChunk.of(c, schema, jobId, rules.forTenant(c, schema, RulesType.MARC_AUTHORITY), userId)
                : null;
        return new RecordTypeDispatch(schema, jobId, bibs, holdings, authorities);
    }

    void write(Connection c, List<MarcRecordOrError> entries) throws SQLException {
        Map<IncomingRecordType, List<MarcRecordOrError>> byType = new EnumMap<>(IncomingRecordType.class);
        List<LogEntry> refused = new ArrayList<>();
        for (MarcRecordOrError e : entries) {
            IncomingRecordType type = e.isError() ? IncomingRecordType.MARC_BIB : IncomingRecordType.of(e.record());
            if (writerOf(type) == null) {
                if (e.isError()) refused.add(unreadable(e));
                else refused.add(wrongProfile(e.index() - 1, type));
            } else {
                byType.computeIfAbsent(type, t -> new ArrayList<>()).add(e);
            }
        }
        if (byType.containsKey(IncomingRecordType.MARC_BIB)) bibs.write(c, byType.get(IncomingRecordType.MARC_BIB));
        if (byType.containsKey(IncomingRecordType.MARC_HOLDING)) {
            holdings.write(c, byType.get(IncomingRecordType.MARC_HOLDING));
        }
        if (byType.containsKey(IncomingRecordType.MARC_AUTHORITY)) {
            authorities.write(c, byType.get(IncomingRecordType.MARC_AUTHORITY));
        }
        if (!refused.isEmpty()) DataImportStore.insertLogEntries(c, schema, refused);
    }

    private Object writerOf(IncomingRecordType type) {
        return switch (type) {
            case MARC_BIB -> bibs;
            case MARC_HOLDING -> holdings;
            case MARC_AUTHORITY -> authorities;
        };
    }

    private LogEntry wrongProfile(int order, IncomingRecordType type) {
        String error = IncomingRecordType.WRONG_JOB_PROFILE;
        ObjectNode related = Json.object();
        return new LogEntry(null, jobId, null, order, type.entityType, null, "DISCARDED", null, null, null, null,
                error, related);
    }

    /** An entry that could not be read under a job without a bib writer: its reason, as the bib writer logs it. */
    private LogEntry unreadable(MarcRecordOrError e) {
        return new LogEntry(null, jobId, null, e.index() - 1, null, null, "DISCARDED", null, null, null, null,
                e.error(), Json.object());
    }
}
