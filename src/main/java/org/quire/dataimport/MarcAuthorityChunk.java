package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.marc4j.marc.Subfield;
import org.quire.authorities.AuthorityTypes;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.rules.MarcMapper;
import org.quire.platform.Json;
import org.quire.srs.SrsRecord;
import org.quire.srs.SrsStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One chunk of MARC authority records under a job that creates AUTHORITY, in the caller's transaction, as SRM and
 * mod-inventory's CreateAuthorityEventHandler do it: per record the SRS MARC_AUTHORITY record (999 ff $s = its
 * matched id, $i = the authority id chosen up front, externalIdsHolder authorityId and authorityHrid = 001), the
 * authority mapped by the tenant's marc-authority rules with source "MARC" and its natural id and source file
 * (data-import-processing-core's MarcToAuthorityMapper.linkSourceFile), and one journal entry with
 * relatedAuthorityInfo. The authority's {@code authority.authority} event indexes it for /search/authorities.
 * Round trips per chunk: one batch of authorities and one of SRS records (record by record only when it fails).
 */
final class MarcAuthorityChunk {
    /** SRM ChangeEngineServiceImpl's text. */
    static final String ALREADY_LINKED = "A new MARC-Authority was not created because the incoming record already "
            + "contained a 999ff$s or 999ff$i field";
    /** The heading fields of authority.json, in the order mod-search picks the heading (the log's title). */
    private static final List<String> HEADINGS = List.of("personalName", "personalNameTitle", "corporateName",
            "corporateNameTitle", "meetingName", "meetingNameTitle", "uniformTitle", "topicalTerm", "geographicName",
            "genreTerm");

    private final String schema;
    private final UUID jobId;
    private final MarcMapper mapper;
    /** Source file codes → id, longest code first (MarcToAuthorityMapper.findSourceFileByTagValue). */
    private final List<Map.Entry<String, String>> codes;
    private final UUID userId;

    private MarcAuthorityChunk(String schema, UUID jobId, MarcMapper mapper, List<Map.Entry<String, String>> codes,
                               UUID userId) {
        this.schema = schema;
        this.jobId = jobId;
        this.mapper = mapper;
        this.codes = codes;
        this.userId = userId;
    }

    /** The authority writer of a job: its mapper and the tenant's source file codes, read once. */
    static MarcAuthorityChunk of(Connection c, String schema, UUID jobId, MarcMapper mapper, UUID userId)
            throws SQLException {
        List<Map.Entry<String, String>> codes = new ArrayList<>();
        for (ObjectNode f : AuthorityTypes.SOURCE_FILES.search(c, schema, "cql.allRecords=1", Integer.MAX_VALUE, 0)
                .records()) {
            for (JsonNode code : f.path("codes")) codes.add(Map.entry(code.asText(), f.path("id").asText()));
        }
        codes.sort(Comparator.comparingInt((Map.Entry<String, String> e) -> -e.getKey().length()));
        return new MarcAuthorityChunk(schema, jobId, mapper, codes, userId);
    }

    private record Prepared(int order, SrsRecord srs, ObjectNode authority, String hrid) {
    }

    void write(Connection c, List<MarcRecordOrError> records) throws SQLException {
        List<LogEntry> log = new ArrayList<>();
        List<Prepared> ready = new ArrayList<>();
        for (MarcRecordOrError e : records) {
            int order = e.index() - 1;
            if (ImportJob.alreadyLinked(e.record())) {
                log.add(discarded(order, null, ALREADY_LINKED));
                continue;
            }
            try {
                ready.add(prepare(order, e.record()));
            } catch (RuntimeException x) {
                log.add(discarded(order, null, "The record could not be mapped: " + x.getMessage()));
            }
        }
        log.addAll(ChunkWrites.batchOrOneByOne(c, ready, this::insert,
                (p, failed) -> discarded(p.order(), heading(p.authority()), ChunkWrites.reason(failed))));
        log.sort(Comparator.comparingInt(LogEntry::sourceRecordOrder));
        DataImportStore.insertLogEntries(c, schema, log);
    }

    private Prepared prepare(int order, Record marc) {
        UUID authorityId = UUID.randomUUID();
        SrsRecord srs = SrsRecord.fromAuthorityImport(UUID.randomUUID(), jobId, authorityId, marc, order);
        // Mapped after SRM's 999 ff: the rules take the id from 999 ff $i.
        ObjectNode authority = mapper.toAuthority(marc);
        if (!authority.hasNonNull("id")) authority.put("id", authorityId.toString());
        authority.put("source", "MARC"); // AbstractAuthorityEventHandler.mapAuthority
        linkSourceFile(authority, marc);
        return new Prepared(order, srs, authority, srs.externalIds().authorityHrid());
    }

    /**
     * MarcToAuthorityMapper.linkSourceFile: the first 010 $a that starts with a source file's code gives the
     * source file and the natural id; else 001 does (its source file may be none). The natural id keeps letters
     * and digits only ("n  79021164" → "n79021164"). Without any source file FOLIO leaves both unset.
     */
    private void linkSourceFile(ObjectNode authority, Record marc) {
        if (codes.isEmpty()) return;
        String sourceFileId = null, naturalId = null;
        for (DataField f : marc.getDataFields()) {
            if (!f.getTag().equals("010")) continue;
            for (Subfield a : f.getSubfields('a')) {
                String file = sourceFile(a.getData());
                if (file != null) {
                    sourceFileId = file;
                    naturalId = a.getData();
                    break;
                }
            }
            if (sourceFileId != null) break;
        }
        if (sourceFileId == null) {
            ControlField f001 = (ControlField) marc.getVariableField("001");
            naturalId = f001 == null ? null : f001.getData();
            sourceFileId = sourceFile(naturalId);
        }
        if (sourceFileId != null) authority.put("sourceFileId", sourceFileId);
        if (naturalId != null) authority.put("naturalId", naturalId.replaceAll("[^0-9a-zA-Z]", ""));
    }

    private String sourceFile(String value) {
        if (value == null) return null;
        for (Map.Entry<String, String> e : codes) if (value.startsWith(e.getKey())) return e.getValue();
        return null;
    }

    private List<LogEntry> insert(Connection c, List<Prepared> records) throws SQLException {
        List<ObjectNode> authorities = records.stream().map(p -> p.authority().deepCopy()).toList();
        AuthorityTypes.AUTHORITIES.insertAll(c, schema, authorities, userId, false);
        SrsStore.insert(c, schema, records.stream().map(Prepared::srs).toList(), userId);
        List<LogEntry> out = new ArrayList<>();
        for (Prepared p : records) out.add(created(p));
        return out;
    }

    private static String heading(ObjectNode authority) {
        for (String h : HEADINGS) if (authority.hasNonNull(h)) return authority.get(h).asText();
        return null;
    }

    /** SRM's journal for a created authority: relatedAuthorityInfo with its id and HRID (the 001). */
    private LogEntry created(Prepared p) {
        ObjectNode related = Json.object();
        ObjectNode info = related.putObject("relatedAuthorityInfo").put("actionStatus", "CREATED");
        info.putArray("idList").add(p.authority().get("id").asText());
        if (p.hrid() != null) info.putArray("hridList").add(p.hrid());
        return new LogEntry(null, jobId, p.srs().id(), p.order(), IncomingRecordType.MARC_AUTHORITY.entityType,
                heading(p.authority()), "CREATED", null, null, null, "CREATED", null, related);
    }

    private LogEntry discarded(int order, String title, String error) {
        ObjectNode related = Json.object();
        related.putObject("relatedAuthorityInfo").put("actionStatus", "DISCARDED").put("error", error);
        return new LogEntry(null, jobId, null, order, IncomingRecordType.MARC_AUTHORITY.entityType, title,
                "DISCARDED", null, null, null, "DISCARDED", error, related);
    }
}
