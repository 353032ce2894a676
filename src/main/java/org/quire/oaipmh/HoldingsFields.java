package org.quire.oaipmh;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What marc21_withholdings adds to a MARC bib (mod-oai-pmh RecordMetadataManager): one 952 ff per item — and per
 * holdings record without items — and one 856 per electronic access entry of an item or holdings record. (The
 * discovery-suppression subfield $t that harvests with suppressed records add to 999 ff is {@link MarcXml}'s.)
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
     * The fields of these holdings and items in their order; a suppressed holdings record or item
     * (discoverySuppress) is left out unless {@code withSuppressed}.
     */
    static List<MarcXml.Field> of(List<OaiStore.HoldingsItem> rows, Map<String, String> relationships,
                                  boolean withSuppressed) {
        List<MarcXml.Field> fields = new ArrayList<>();
        for (OaiStore.HoldingsItem r : rows) {
            OaiStore.Own own = r.own();
            if (own.suppressed() && !withSuppressed) continue;
            fields.add(field952(r, withSuppressed));
            if (own.electronicAccessJson() == null) continue;
            for (JsonNode ea : Json.parse(own.electronicAccessJson())) {
                fields.add(field856(ea, relationships, own.suppressed(), withSuppressed));
            }
        }
        return fields;
    }

    private static MarcXml.Field field952(OaiStore.HoldingsItem r, boolean withSuppressed) {
        OaiStore.Own own = r.own();
        OaiStore.Location location = r.location();
        Map<String, String> sf = new TreeMap<>();
        put(sf, "a", location.institution());
        put(sf, "b", location.campus());
        put(sf, "c", location.library());
        String name = location.name();
        String display = location.discoveryDisplayName() != null && !location.discoveryDisplayName().isBlank()
                ? location.discoveryDisplayName() : name;
        boolean active = location.active() == null || location.active();
        if (display != null) put(sf, "d", active ? display : "Inactive " + display);
        if (name != null) put(sf, "s", active ? name : "Inactive " + name);
        put(sf, "e", own.callNumber());
        put(sf, "f", own.callNumberPrefix());
        put(sf, "g", own.callNumberSuffix());
        put(sf, "h", r.callNumberType());
        if (own.hasItem()) {
            put(sf, "i", r.materialType());
            put(sf, "j", own.volume());
            String summary = own.displaySummary() == null ? "" : own.displaySummary().trim();
            if (!summary.isEmpty()) {
                sf.put("k", summary);
            } else {
                put(sf, "k", own.enumeration());
                put(sf, "l", own.chronology());
            }
            put(sf, "m", own.barcode());
            put(sf, "n", own.copyNumber());
            put(sf, "p", r.temporaryLoanType() != null ? r.temporaryLoanType() : r.permanentLoanType());
        }
        put(sf, "r", r.illPolicy());
        if (withSuppressed) sf.put("t", own.suppressed() ? "1" : "0");
        return field("952", "f", "f", sf);
    }

    private static MarcXml.Field field856(JsonNode ea, Map<String, String> relationships, boolean suppressed,
                                          boolean withSuppressed) {
        Map<String, String> sf = new LinkedHashMap<>();
        put(sf, "u", ea.path("uri").asText(null));
        put(sf, "y", ea.path("linkText").asText(null));
        put(sf, "3", ea.path("materialsSpecification").asText(null));
        put(sf, "z", ea.path("publicNote").asText(null));
        if (withSuppressed) sf.put("t", suppressed ? "1" : "0");
        String name = relationships.getOrDefault(ea.path("relationshipId").asText(""), "");
        String[] ind = INDICATORS.getOrDefault(name, new String[]{"4", " "});
        return field("856", ind[0], ind[1], sf);
    }

    private static void put(Map<String, String> sf, String code, String value) {
        if (value != null && !value.isEmpty()) sf.put(code, value);
    }

    private static MarcXml.Field field(String tag, String ind1, String ind2, Map<String, String> subfields) {
        List<MarcXml.Subfield> list = new ArrayList<>(subfields.size());
        subfields.forEach((k, v) -> list.add(new MarcXml.Subfield(k, v)));
        return new MarcXml.Field(tag, ind1, ind2, list);
    }
}
