package org.quire.sru;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.marc.InstanceMarc;
import org.quire.marc.InstanceMarcStore;
import org.quire.platform.Json;
import org.quire.platform.cql.CqlBoolean;
import org.quire.platform.cql.CqlClause;
import org.quire.platform.cql.CqlQuery;
import org.quire.platform.db.Database;
import org.quire.platform.tenancy.Tenants;
import org.quire.search.CqlTranslator;
import org.quire.search.InstanceIndex;
import org.quire.search.InstanceSearch;
import org.quire.search.InvalidSearch;
import org.quire.srs.SrsStore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * SRU's searchRetrieve: the CQL (context sets mapped by {@link SruIndexes}) through the search engine, the page the
 * client asked for, and for MARCXML each hit's current SRS MARC record, or MARC generated from the instance when it
 * has none — one search and one transaction per request, whatever the page size. Instances suppressed from discovery are left out: SRU serves discovery clients
 * (union catalogues, copy cataloguing), as edge-oai-pmh leaves them out by default.
 */
public final class SruSearch {
    /** mod-search's window (offset + limit ≤ 10,000): records past it cannot be retrieved. */
    static final int WINDOW = 10_000;

    private final Database db;
    private final InstanceSearch search;

    public SruSearch(Database db, InstanceSearch search) {
        this.db = db;
        this.search = search;
    }

    /** One hit: its 1-based position, the instance as indexed, its MARC-in-JSON (SRS or generated; null when gone). */
    record Hit(int position, ObjectNode instance, ObjectNode marc) {
    }

    /** @param next the next record's position, or null when this page is the last */
    record Result(long total, List<Hit> hits, Integer next) {
    }

    /** The page, or a {@link SruDiagnostic.Fatal} for a query or position the standard refuses. */
    Result run(String tenant, SruRequest r) {
        CqlQuery folio = SruIndexes.toFolio(r.query(), r.sortKeys());
        CqlQuery discoverable = new CqlQuery(new CqlBoolean("not", folio.root(),
                new CqlClause("discoverySuppress", "==", List.of(), "true")), folio.sortKeys());
        CqlTranslator.Translated t = translate(discoverable, r.query());
        int offset = r.startRecord() - 1;
        if (offset >= WINDOW) {
            throw SruRequest.fatal(SruDiagnostic.FIRST_RECORD_OUT_OF_RANGE,
                    "at most the first " + WINDOW + " records can be retrieved");
        }
        int count = Math.min(r.maximumRecords(), WINDOW - offset);
        InstanceIndex.Hits hits;
        try {
            hits = search.find(tenant, t, offset, count);
        } catch (InvalidSearch e) { // a query too large for the engine
            throw refusal(e);
        }
        // SRU 1.2: a start past the last record is diagnostic 61 (a start of 1 on no records is merely empty)
        if (r.startRecord() > hits.total() && !(hits.total() == 0 && r.startRecord() == 1)) {
            throw SruRequest.fatal(SruDiagnostic.FIRST_RECORD_OUT_OF_RANGE, String.valueOf(r.startRecord()));
        }
        List<ObjectNode> instances = new ArrayList<>();
        for (String source : hits.sources()) instances.add(Json.parseObject(source));
        Map<UUID, ObjectNode> marc = r.schema() == SruSchema.MARCXML ? marc(tenant, instances) : Map.of();
        List<Hit> page = new ArrayList<>();
        for (ObjectNode instance : instances) {
            page.add(new Hit(r.startRecord() + page.size(), instance, marc.get(id(instance))));
        }
        long next = (long) r.startRecord() + page.size();
        boolean more = !page.isEmpty() && next <= hits.total() && next <= WINDOW;
        return new Result(hits.total(), page, more ? (int) next : null);
    }

    /**
     * The hits' MARC-in-JSON by instance id: the current SRS MARC bib, or for an instance without one (catalogued in
     * FOLIO itself) MARC generated from the stored instance by mod-data-export's default rules ({@link InstanceMarc},
     * as data export and OAI-PMH do). An instance deleted since it was indexed has none. Round trips: 1, or 4 when a
     * hit has no SRS record.
     */
    private Map<UUID, ObjectNode> marc(String tenant, List<ObjectNode> instances) {
        List<UUID> ids = new ArrayList<>();
        for (ObjectNode i : instances) {
            UUID id = id(i);
            if (id != null) ids.add(id);
        }
        if (ids.isEmpty()) return Map.of();
        String schema = Tenants.schema(tenant);
        return db.read(c -> {
            Map<UUID, ObjectNode> out = new HashMap<>();
            for (var e : SrsStore.currentMarcBibs(c, schema, ids).entrySet()) out.put(e.getKey(), e.getValue().parsedContent());
            List<UUID> without = ids.stream().filter(id -> !out.containsKey(id)).toList();
            if (without.isEmpty()) return out;
            out.putAll(InstanceMarcStore.generated(c, schema, without));
            return out;
        });
    }

    private static UUID id(ObjectNode instance) {
        try {
            return UUID.fromString(instance.path("id").asText());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** mod-search's refusals as SRU diagnostics, naming what the client wrote. */
    private static CqlTranslator.Translated translate(CqlQuery q, String cql) {
        try {
            return CqlTranslator.translate(q);
        } catch (InvalidSearch e) {
            throw refusal(e);
        } catch (org.quire.platform.cql.CqlException e) {
            throw SruRequest.fatal(SruDiagnostic.QUERY_SYNTAX, e.getMessage() + " (" + cql + ")");
        }
    }

    private static SruDiagnostic.Fatal refusal(InvalidSearch e) {
        String key = e.key() == null ? "" : e.key();
        return switch (key) {
            case "field" -> SruRequest.fatal(SruDiagnostic.UNSUPPORTED_INDEX, e.value());
            case "comparator" -> SruRequest.fatal(SruDiagnostic.UNSUPPORTED_RELATION, e.value());
            case "operator" -> SruRequest.fatal(SruDiagnostic.PROXIMITY_UNSUPPORTED, e.value());
            case "sortField" -> SruRequest.fatal(SruDiagnostic.SORT_UNSUPPORTED_PATH, e.value());
            case "query" -> SruRequest.fatal(SruDiagnostic.QUERY_SYNTAX, e.getMessage());
            // "Invalid date format" and the computed options' term checks name the field
            default -> SruRequest.fatal(SruDiagnostic.TERM_INVALID_FORMAT, e.getMessage() + ": " + e.value());
        };
    }
}
