package org.quire.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.CirculationTypes;
import org.quire.config.ConfigTypes;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.Json;
import org.quire.platform.records.RecordStore;
import org.quire.users.UserTypes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * FOLIO's reference data (shipped in src/main/resources/reference, copied from shared/data/folio), loaded into a
 * new tenant in dependency order. Idempotent: existing ids are replaced.
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
        FILES.put("institutions", InventoryTypes.INSTITUTIONS);
        FILES.put("campuses", InventoryTypes.CAMPUSES);
        FILES.put("libraries", InventoryTypes.LIBRARIES);
        FILES.put("locations", InventoryTypes.LOCATIONS);
        FILES.put("groups", UserTypes.GROUPS);
        FILES.put("loan-policies", CirculationTypes.LOAN_POLICIES);
        FILES.put("request-policies", CirculationTypes.REQUEST_POLICIES);
        FILES.put("patron-notice-policies", CirculationTypes.NOTICE_POLICIES);
        FILES.put("overdue-fines-policies", CirculationTypes.OVERDUE_FINE_POLICIES);
        FILES.put("lost-item-fees-policies", CirculationTypes.LOST_ITEM_POLICIES);
        FILES.put("cancellation-reasons", CirculationTypes.CANCELLATION_REASONS);
        FILES.put("staff-slips", ConfigTypes.STAFF_SLIPS);
    }

    public static void load(Connection c, String schema) throws SQLException {
        for (var e : FILES.entrySet()) e.getValue().insertAll(c, schema, read(e.getKey()), null, true);
    }

    public static String circulationRules() {
        return Json.text(readNode("circulation-rules"), "rulesAsText");
    }

    static List<ObjectNode> read(String name) {
        List<ObjectNode> out = new ArrayList<>();
        for (JsonNode n : readNode(name)) out.add((ObjectNode) n);
        return out;
    }

    private static JsonNode readNode(String name) {
        try (InputStream in = ReferenceData.class.getResourceAsStream("/reference/" + name + ".json")) {
            if (in == null) throw new IllegalStateException("Missing resource reference/" + name + ".json");
            return Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
