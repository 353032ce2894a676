package org.quire.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.CirculationTypes;
import org.quire.config.ConfigTypes;
import org.quire.inventory.InventoryTypes;
import org.quire.marc.rules.Lookups;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.records.RecordStore;
import org.quire.users.UserTypes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * FOLIO's reference data (shipped in src/main/resources/reference, copied from the reference-data folders of FOLIO's
 * modules in shared/data/folio), loaded into a new tenant in dependency order. Idempotent: existing ids are replaced.
 * FOLIO's sample data (location units and locations, users) is not reference data: see {@link SampleData}.
 */
public final class ReferenceData {
    private ReferenceData() {
    }

    /** Resource file → store, in an order that satisfies the foreign keys. */
    static final Map<String, RecordStore> FILES = new LinkedHashMap<>();

    static {
        FILES.put("material-types", InventoryTypes.MATERIAL_TYPES);
        FILES.put("loan-types", InventoryTypes.LOAN_TYPES);
        FILES.put("instance-types", InventoryTypes.INSTANCE_TYPES);
        FILES.put("holdings-sources", InventoryTypes.HOLDINGS_SOURCES);
        FILES.put("identifier-types", InventoryTypes.IDENTIFIER_TYPES);
        FILES.put("contributor-name-types", InventoryTypes.CONTRIBUTOR_NAME_TYPES);
        FILES.put("contributor-types", InventoryTypes.CONTRIBUTOR_TYPES);
        FILES.put("call-number-types", InventoryTypes.CALL_NUMBER_TYPES);
        FILES.put("classification-types", InventoryTypes.CLASSIFICATION_TYPES);
        FILES.put("holdings-types", InventoryTypes.HOLDINGS_TYPES);
        FILES.put("instance-statuses", InventoryTypes.INSTANCE_STATUSES);
        FILES.put("modes-of-issuance", InventoryTypes.MODES_OF_ISSUANCE);
        FILES.put("service-points", InventoryTypes.SERVICE_POINTS);
        FILES.put("alternative-title-types", InventoryTypes.ALTERNATIVE_TITLE_TYPES);
        FILES.put("electronic-access-relationships", InventoryTypes.ELECTRONIC_ACCESS_RELATIONSHIPS);
        FILES.put("holdings-note-types", InventoryTypes.HOLDINGS_NOTE_TYPES);
        FILES.put("ill-policies", InventoryTypes.ILL_POLICIES);
        FILES.put("instance-date-types", InventoryTypes.INSTANCE_DATE_TYPES);
        FILES.put("instance-formats", InventoryTypes.INSTANCE_FORMATS);
        FILES.put("instance-note-types", InventoryTypes.INSTANCE_NOTE_TYPES);
        FILES.put("instance-relationship-types", InventoryTypes.INSTANCE_RELATIONSHIP_TYPES);
        FILES.put("item-damaged-statuses", InventoryTypes.ITEM_DAMAGED_STATUSES);
        FILES.put("item-note-types", InventoryTypes.ITEM_NOTE_TYPES);
        FILES.put("nature-of-content-terms", InventoryTypes.NATURE_OF_CONTENT_TERMS);
        FILES.put("statistical-code-types", InventoryTypes.STATISTICAL_CODE_TYPES);
        FILES.put("statistical-codes", InventoryTypes.STATISTICAL_CODES);
        FILES.put("subject-sources", InventoryTypes.SUBJECT_SOURCES);
        FILES.put("subject-types", InventoryTypes.SUBJECT_TYPES);
        FILES.put("addresstypes", UserTypes.ADDRESS_TYPES);
        FILES.put("groups", UserTypes.GROUPS);
        FILES.put("loan-policies", CirculationTypes.LOAN_POLICIES);
        FILES.put("request-policies", CirculationTypes.REQUEST_POLICIES);
        FILES.put("patron-notice-policies", CirculationTypes.NOTICE_POLICIES);
        FILES.put("overdue-fines-policies", CirculationTypes.OVERDUE_FINE_POLICIES);
        FILES.put("lost-item-fees-policies", CirculationTypes.LOST_ITEM_POLICIES);
        FILES.put("cancellation-reasons", CirculationTypes.CANCELLATION_REASONS);
        FILES.put("staff-slips", ConfigTypes.STAFF_SLIPS);
        FILES.put("circulation-settings", CirculationTypes.CIRCULATION_SETTINGS);
    }

    public static void load(Connection c, String schema) throws SQLException {
        for (var e : FILES.entrySet()) e.getValue().insertAll(c, schema, read(e.getKey()), null, true);
    }

    /**
     * Loads the reference files that a migration listed in {@code reference_data_pending} for a tenant that existed
     * before they were shipped (V20), in {@link #FILES} order, and forgets them: each is loaded once. Returns the
     * number of files loaded.
     */
    public static int loadPending(Connection c, String schema) throws SQLException {
        Set<String> pending = new HashSet<>(Sql.list(c, "SELECT file FROM " + schema + ".reference_data_pending "
                + "FOR UPDATE", List.of(), rs -> rs.getString(1)));
        int loaded = 0;
        for (var e : FILES.entrySet()) {
            if (!pending.contains(e.getKey())) continue;
            e.getValue().insertAll(c, schema, read(e.getKey()), null, true);
            loaded++;
        }
        if (!pending.isEmpty()) Sql.update(c, "DELETE FROM " + schema + ".reference_data_pending", List.of());
        return loaded;
    }

    public static String circulationRules() {
        return Json.text(readNode("reference/circulation-rules"), "rulesAsText");
    }

    /**
     * The MARC rule functions' lookups over the reference data a new tenant starts with (these files and the sample
     * locations), for mapping without a database: the demo catalogue, benchmarks, tests.
     */
    public static Lookups lookups() {
        Map<String, List<ObjectNode>> records = new HashMap<>();
        for (String kind : Lookups.KINDS) {
            if (kind.equals(Lookups.LOCATIONS)) records.put(kind, records("sample/locations"));
            else if (FILES.containsKey(kind)) records.put(kind, read(kind));
        }
        return Lookups.of(records);
    }

    /** The records of one reference file, e.g. {@code read("material-types")}. */
    public static List<ObjectNode> read(String name) {
        return records("reference/" + name);
    }

    /** The records of a JSON array shipped as a resource, e.g. {@code records("sample/locations")}. */
    static List<ObjectNode> records(String resource) {
        List<ObjectNode> out = new ArrayList<>();
        for (JsonNode n : readNode(resource)) out.add((ObjectNode) n);
        return out;
    }

    private static JsonNode readNode(String resource) {
        try (InputStream in = ReferenceData.class.getResourceAsStream("/" + resource + ".json")) {
            if (in == null) throw new IllegalStateException("Missing resource " + resource + ".json");
            return Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
