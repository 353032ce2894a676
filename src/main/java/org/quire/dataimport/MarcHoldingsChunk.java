package org.quire.dataimport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.Record;
import org.quire.inventory.InventoryTypes;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.rules.MarcMapper;
import org.quire.platform.Json;
import org.quire.srs.SrsRecord;
import org.quire.srs.SrsRecordType;
import org.quire.srs.SrsStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * One chunk of MARC holdings (MFHD) records under a job that creates HOLDINGS, in the caller's transaction, as
 * SRM and mod-inventory's CreateMarcHoldingsEventHandler do it: per record the holdings mapped by the tenant's
 * marc-holdings rules (the HRID from inventory's sequence, not 001; source "MARC"; the instance whose HRID is the
 * record's 004; permanentLocationId from 852 $b by location code), its SRS MARC_HOLDING record linked back (001 =
 * holdings HRID, 999 ff $i = holdings id, $s = matched id, externalIdsHolder holdingsId/holdingsHrid), and one
 * journal entry with relatedHoldingsInfo. Round trips per chunk: one instance look-up by HRID, then one batch of
 * holdings and one of SRS records (record by record only when the batch fails).
 */
final class MarcHoldingsChunk {
    /** SRM ChangeEngineServiceImpl's texts. */
    static final String ALREADY_LINKED = "A new MARC-Holding was not created because the incoming record already "
            + "contained a 999ff$s or 999ff$i field";
    static final String NO_004_LINK = "The 004 tag of the Holdings doesn't has a link to the Bibliographic record";
    /** mod-inventory CreateMarcHoldingsEventHandler's text for a holdings without a mapped location. */
    static final String NO_LOCATION = "Can`t create Holding entity: 'permanentLocationId' is empty";
    /**
     * What inventory storage answers (RMB's foreign key message) for the stub location id the marc-holdings rules
     * give an 852 $b that names no location (NormalizationFunction.SET_PERMANENT_LOCATION_ID's STUB_FIELD_TYPE_ID).
     */
    static final String UNKNOWN_LOCATION = "Cannot set holdings_record.permanentlocationid = %s because it does not "
            + "exist in location.id.";
    /** mod-inventory HoldingsCollectionService's text when the tenant has no holdings source named MARC. */
    static final String NO_MARC_SOURCE = "No source id found for holdings with name MARC";

    private final String schema;
    private final UUID jobId;
    private final MarcMapper mapper;
    private final String marcSourceId;
    private final Set<String> locationIds;
    private final UUID userId;

    private MarcHoldingsChunk(String schema, UUID jobId, MarcMapper mapper, String marcSourceId,
                              Set<String> locationIds, UUID userId) {
        this.schema = schema;
        this.jobId = jobId;
        this.mapper = mapper;
        this.marcSourceId = marcSourceId;
        this.locationIds = locationIds;
        this.userId = userId;
    }

    /** The holdings writer of a job: its mapper, the MARC holdings source and the location ids, read once. */
    static MarcHoldingsChunk of(Connection c, String schema, UUID jobId, MarcMapper mapper, UUID userId)
            throws SQLException {
        String source = InventoryTypes.HOLDINGS_SOURCES.findBy(c, schema, "name", "MARC")
                .map(s -> s.path("id").asText()).orElse(null);
        Set<String> locations = new HashSet<>();
        for (ObjectNode l : InventoryTypes.LOCATIONS.search(c, schema, "cql.allRecords=1", Integer.MAX_VALUE, 0)
                .records()) {
            locations.add(l.path("id").asText());
        }
        return new MarcHoldingsChunk(schema, jobId, mapper, source, locations, userId);
    }

    private record Prepared(int order, SrsRecord srs, ObjectNode holdings) {
    }

    /** Writes the chunk's MARC holdings records (no unreadable entries: the dispatch logged those). */
    void write(Connection c, List<MarcRecordOrError> records) throws SQLException {
        Set<String> wanted = new HashSet<>();
        for (MarcRecordOrError e : records) {
            String hrid = instanceHrid(e.record());
            if (hrid != null) wanted.add(hrid);
        }
        Map<String, UUID> instances = MarcLinksStore.instanceIdsByHrid(c, schema, wanted);
        List<LogEntry> log = new ArrayList<>();
        List<Prepared> ready = new ArrayList<>();
        for (MarcRecordOrError e : records) {
            int order = e.index() - 1;
            String refusal = refusal(e.record(), instances);
            if (refusal != null) {
                log.add(discarded(order, refusal));
                continue;
            }
            try {
                ready.add(prepare(order, e.record(), instances.get(instanceHrid(e.record()))));
            } catch (Discard d) {
                log.add(discarded(order, d.getMessage()));
            } catch (RuntimeException x) {
                log.add(discarded(order, "The record could not be mapped: " + x.getMessage()));
            }
        }
        log.addAll(ChunkWrites.batchOrOneByOne(c, ready, this::insert,
                (p, failed) -> discarded(p.order(), ChunkWrites.reason(failed))));
        log.sort(java.util.Comparator.comparingInt(LogEntry::sourceRecordOrder));
        DataImportStore.insertLogEntries(c, schema, log);
    }

    /** Why SRM refuses the record before mapping it, in its order (999 ff, then 004), or null. */
    private static String refusal(Record marc, Map<String, UUID> instances) {
        if (ImportJob.alreadyLinked(marc)) return ALREADY_LINKED;
        String hrid = instanceHrid(marc);
        // SRM checks the 004s against the MARC bibs SRS knows (verifyMarcHoldings004Field); Quire against the
        // instances' HRIDs, so a holdings may also hang on an instance that is not MARC-sourced.
        if (hrid == null || !instances.containsKey(hrid)) return NO_004_LINK;
        return null;
    }

    /** The first 004 (ParsedRecordUtil.getControlFieldValue), trimmed; null when absent or blank. */
    static String instanceHrid(Record marc) {
        for (ControlField cf : marc.getControlFields()) {
            if (!cf.getTag().equals("004")) continue;
            String v = cf.getData() == null ? "" : cf.getData().trim();
            return v.isEmpty() ? null : v;
        }
        return null;
    }

    private static final class Discard extends RuntimeException {
        Discard(String message) {
            super(message, null, false, false);
        }
    }

    private Prepared prepare(int order, Record marc, UUID instanceId) {
        // Mapped from the record as it came in (SRM adds only 999 ff $s before mod-inventory maps it).
        ObjectNode holdings = mapper.toHoldings(marc);
        // CreateMarcHoldingsEventHandler.processMappingResult: storage assigns the HRID (it becomes the 001).
        holdings.remove("hrid");
        holdings.put("id", UUID.randomUUID().toString());
        String location = holdings.path("permanentLocationId").asText("");
        if (location.isEmpty()) throw new Discard(NO_LOCATION);
        if (!locationIds.contains(location)) throw new Discard(String.format(UNKNOWN_LOCATION, location));
        holdings.put("instanceId", instanceId.toString());
        if (marcSourceId == null) throw new Discard(NO_MARC_SOURCE);
        holdings.put("sourceId", marcSourceId);
        UUID srsId = UUID.randomUUID();
        SrsRecord srs = SrsRecord.fromImport(srsId, jobId, SrsRecordType.MARC_HOLDING, marc, order);
        return new Prepared(order, srs, holdings);
    }

    private List<LogEntry> insert(Connection c, List<Prepared> records) throws SQLException {
        List<ObjectNode> holdings = records.stream().map(p -> p.holdings().deepCopy()).toList();
        InventoryTypes.HOLDINGS.insertAll(c, schema, holdings, userId, false);
        List<SrsRecord> srs = new ArrayList<>();
        List<LogEntry> out = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            ObjectNode h = holdings.get(i);
            UUID id = UUID.fromString(h.get("id").asText());
            String hrid = h.get("hrid").asText();
            srs.add(records.get(i).srs().linkedToHoldings(id, hrid));
            out.add(created(records.get(i), h));
        }
        SrsStore.insert(c, schema, srs, userId);
        return out;
    }

    /** SRM's journal for a created MARC holdings record: relatedHoldingsInfo (id, hrid, permanentLocationId). */
    private LogEntry created(Prepared p, ObjectNode h) {
        ObjectNode related = Json.object();
        related.putArray("relatedHoldingsInfo").addObject().put("actionStatus", "CREATED")
                .put("id", h.get("id").asText()).put("hrid", h.get("hrid").asText())
                .put("permanentLocationId", h.path("permanentLocationId").asText());
        return new LogEntry(null, jobId, p.srs().id(), p.order(), IncomingRecordType.MARC_HOLDING.entityType, null,
                "CREATED", null, "CREATED", null, null, null, related);
    }

    private LogEntry discarded(int order, String error) {
        ObjectNode related = Json.object();
        related.putArray("relatedHoldingsInfo").addObject().put("actionStatus", "DISCARDED").put("error", error);
        return new LogEntry(null, jobId, null, order, IncomingRecordType.MARC_HOLDING.entityType, null, "DISCARDED",
                null, "DISCARDED", null, null, error, related);
    }
}
