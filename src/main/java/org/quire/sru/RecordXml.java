package org.quire.sru;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

/**
 * The two record schemas' XML: MARCXML (LoC's MARC21 slim, {@code info:srw/schema/1/marcxml-v1.1}) from SRS's
 * MARC-in-JSON, and SRU's Dublin Core ({@code info:srw/schema/1/dc-v1.1}: {@code srw_dc:dc} holding DC 1.1
 * elements) from the instance — FOLIO's own reading of the MARC record, so records without SRS have one too.
 */
final class RecordXml {
    static final String MARC_NS = "http://www.loc.gov/MARC21/slim";
    static final String SRW_DC_NS = "info:srw/schema/1/dc-schema";
    static final String DC_NS = "http://purl.org/dc/elements/1.1/";

    private RecordXml() {
    }

    /** {@code <record xmlns="http://www.loc.gov/MARC21/slim">} with leader, control and data fields in order. */
    static void marc(XmlOut x, ObjectNode marcJson) {
        x.start("", "record", MARC_NS).ns("", MARC_NS);
        x.element("", "leader", MARC_NS, marcJson.path("leader").asText(""));
        for (JsonNode field : marcJson.path("fields")) {
            if (!field.isObject() || field.size() != 1) continue;
            Map.Entry<String, JsonNode> f = field.properties().iterator().next();
            JsonNode value = f.getValue();
            if (value.isValueNode()) {
                x.start("", "controlfield", MARC_NS).attr("tag", f.getKey()).text(value.asText()).end();
                continue;
            }
            x.start("", "datafield", MARC_NS).attr("tag", f.getKey())
                    .attr("ind1", indicator(value.path("ind1"))).attr("ind2", indicator(value.path("ind2")));
            for (JsonNode sf : value.path("subfields")) {
                if (!sf.isObject() || sf.size() != 1) continue;
                Map.Entry<String, JsonNode> s = sf.properties().iterator().next();
                x.start("", "subfield", MARC_NS).attr("code", s.getKey()).text(s.getValue().asText()).end();
            }
            x.end();
        }
        x.end();
    }

    private static String indicator(JsonNode ind) {
        String s = ind.asText(" ");
        return s.length() == 1 ? s : " ";
    }

    /**
     * Dublin Core from the instance, where LoC's MARC-to-DC crosswalk places the same data: title, creator per
     * contributor, subject, publisher and date per publication, identifier per identifier value and the HRID,
     * language codes, editions and physical descriptions as format, notes not marked staff-only as description.
     */
    static void dublinCore(XmlOut x, ObjectNode instance) {
        x.start("srw_dc", "dc", SRW_DC_NS).ns("srw_dc", SRW_DC_NS).ns("dc", DC_NS);
        dc(x, "title", instance.path("title"));
        for (JsonNode c : instance.path("contributors")) dc(x, "creator", c.path("name"));
        for (JsonNode s : instance.path("subjects")) dc(x, "subject", s.isTextual() ? s : s.path("value"));
        for (JsonNode p : instance.path("publication")) {
            dc(x, "publisher", p.path("publisher"));
            dc(x, "date", p.path("dateOfPublication"));
        }
        for (JsonNode i : instance.path("identifiers")) dc(x, "identifier", i.path("value"));
        dc(x, "identifier", instance.path("hrid"));
        for (JsonNode l : instance.path("languages")) dc(x, "language", l);
        for (JsonNode e : instance.path("editions")) dc(x, "format", e);
        for (JsonNode d : instance.path("physicalDescriptions")) dc(x, "format", d);
        for (JsonNode n : instance.path("notes")) {
            if (!n.path("staffOnly").asBoolean(false)) dc(x, "description", n.path("note"));
        }
        x.end();
    }

    private static void dc(XmlOut x, String element, JsonNode value) {
        if (value == null || !value.isValueNode() || value.asText().isBlank()) return;
        x.element("dc", element, DC_NS, value.asText());
    }
}
