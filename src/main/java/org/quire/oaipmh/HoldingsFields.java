package org.quire.oaipmh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What marc21_withholdings adds to a MARC bib (mod-oai-pmh RecordMetadataManager): one 952 ff per item — and per
 * holdings record without items — and one 856 per electronic access entry of an item or holdings record; and the
 * discovery-suppression subfield $t in 999 ff when suppressed records are harvested.
 *
 * <p>952 subfields: $a institution, $b campus, $c library, $d location discovery display name (else its name;
 * "Inactive " before an inactive one), $e call number, $f prefix, $g suffix, $h call number type, $i material type,
 * $j volume, $k enumeration (or the holdings' display summary), $l chronology, $m barcode, $n copy number, $p loan
 * type (temporary, else permanent), $r the holdings' ILL policy, $s location name, $t suppressed (1/0) when
 * suppressed records are harvested. Subfields are written in code order. 856 indicators from the relationship name
 * (RecordMetadataManager's indicatorsMap), subfields $u uri, $y link text, $3 materials specification, $z public note.
 */
final class HoldingsFields {
    private HoldingsFields() {
    }

    private static final Map<String, String[]> INDICATORS = Map.of(
            "No display constant generated", new String[]{"4", "8"},
            "Related resource", new String[]{"4", "2"},
            "Resource", new String[]{"4", "0"},
            "Version of resource", new String[]{"4", "1"},
            "No information provided", new String[]{"4", " "},
            "Component part(s) of resource", new String[]{"4", "3"},
            "Version of component part(s) of resource", new String[]{"4", "4"});

    /**
     * Appends the fields of these holdings and items to {@code marc}'s fields; a suppressed holdings record or item
     * (discoverySuppress) is left out unless {@code withSuppressed}. Each row's JSON is parsed once, here: parsing
     * it a second time for the suppression filter took about an eighth of a marc21_withholdings page's CPU
     * ({@code quire bench oai}'s profile).
     */
    static void append(ObjectNode marc, List<OaiStore.HoldingsItem> rows, Map<String, String> relationships,
                       boolean withSuppressed) {
        ArrayNode fields = marc.withArray("fields");
        for (OaiStore.HoldingsItem r : rows) {
            JsonNode h = Json.parse(r.holdingsJson());
            JsonNode item = r.itemJson() == null ? null : Json.parse(r.itemJson());
            boolean suppressed = h.path("discoverySuppress").asBoolean(false)
                    || (item != null && item.path("discoverySuppress").asBoolean(false));
            if (suppressed && !withSuppressed) continue;
            fields.add(field952(r, h, item, suppressed, withSuppressed));
            for (JsonNode ea : (item != null ? item : h).path("electronicAccess")) {
                fields.add(field856(ea, relationships, suppressed, withSuppressed));
            }
        }
    }

    private static ObjectNode field952(OaiStore.HoldingsItem r, JsonNode h, JsonNode item, boolean suppressed,
                                       boolean withSuppressed) {
        Map<String, String> sf = new TreeMap<>();
        put(sf, "a", r.institution());
        put(sf, "b", r.campus());
        put(sf, "c", r.library());
        String display = r.discoveryDisplayName() != null && !r.discoveryDisplayName().isBlank()
                ? r.discoveryDisplayName() : r.locationName();
        boolean active = r.locationActive() == null || r.locationActive();
        if (display != null) put(sf, "d", active ? display : "Inactive " + display);
        if (r.locationName() != null) put(sf, "s", active ? r.locationName() : "Inactive " + r.locationName());
        JsonNode cn = item != null ? item.path("effectiveCallNumberComponents") : null;
        put(sf, "e", cn != null ? cn.path("callNumber").asText(null) : h.path("callNumber").asText(null));
        put(sf, "f", cn != null ? cn.path("prefix").asText(null) : h.path("callNumberPrefix").asText(null));
        put(sf, "g", cn != null ? cn.path("suffix").asText(null) : h.path("callNumberSuffix").asText(null));
        put(sf, "h", r.callNumberType());
        if (item != null) {
            put(sf, "i", r.materialType());
            put(sf, "j", item.path("volume").asText(null));
            String summary = item.path("displaySummary").asText("").trim();
            if (!summary.isEmpty()) {
                sf.put("k", summary);
            } else {
                put(sf, "k", item.path("enumeration").asText(null));
                put(sf, "l", item.path("chronology").asText(null));
            }
            put(sf, "m", item.path("barcode").asText(null));
            put(sf, "n", item.path("copyNumber").asText(null));
            put(sf, "p", r.temporaryLoanType() != null ? r.temporaryLoanType() : r.permanentLoanType());
        }
        put(sf, "r", r.illPolicy());
        if (withSuppressed) sf.put("t", suppressed ? "1" : "0");
        return field("952", "f", "f", sf);
    }

    private static ObjectNode field856(JsonNode ea, Map<String, String> relationships, boolean suppressed,
                                       boolean withSuppressed) {
        Map<String, String> sf = new java.util.LinkedHashMap<>();
        put(sf, "u", ea.path("uri").asText(null));
        put(sf, "y", ea.path("linkText").asText(null));
        put(sf, "3", ea.path("materialsSpecification").asText(null));
        put(sf, "z", ea.path("publicNote").asText(null));
        if (withSuppressed) sf.put("t", suppressed ? "1" : "0");
        String name = relationships.getOrDefault(ea.path("relationshipId").asText(""), "");
        String[] ind = INDICATORS.getOrDefault(name, new String[]{"4", " "});
        return field("856", ind[0], ind[1], sf);
    }

    /** Adds $t (1 suppressed, 0 not) to the record's first 999 ff unless it has one (updateMetadataSourceWith…). */
    static void markSuppression(ObjectNode marc, boolean suppressed) {
        for (JsonNode f : marc.path("fields")) {
            JsonNode body = f.get("999");
            if (body == null || !body.isObject()) continue;
            if (!"f".equals(body.path("ind1").asText()) || !"f".equals(body.path("ind2").asText())) continue;
            for (JsonNode s : body.path("subfields")) if (s.has("t")) return;
            ((ObjectNode) body).withArray("subfields").addObject().put("t", suppressed ? "1" : "0");
            return;
        }
    }

    private static void put(Map<String, String> sf, String code, String value) {
        if (value != null && !value.isEmpty()) sf.put(code, value);
    }

    private static ObjectNode field(String tag, String ind1, String ind2, Map<String, String> subfields) {
        ObjectNode f = Json.object();
        ObjectNode body = f.putObject(tag);
        ArrayNode list = body.putArray("subfields");
        subfields.forEach((k, v) -> list.addObject().put(k, v));
        body.put("ind1", ind1);
        body.put("ind2", ind2);
        return f;
    }
}
