package org.quire.sru;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * SRU's Dublin Core record schema ({@code info:srw/schema/1/dc-v1.1}: {@code srw_dc:dc} holding DC 1.1 elements),
 * from the instance — FOLIO's own reading of the MARC record, so records without SRS have one too. (The marcxml
 * schema's records are OAI-PMH's writer's: {@code MarcXml.record}.)
 */
final class DublinCoreXml {
    static final String SRW_DC_NS = "info:srw/schema/1/dc-schema";
    static final String DC_NS = "http://purl.org/dc/elements/1.1/";

    private DublinCoreXml() {
    }

    /**
     * Dublin Core from the instance, where LoC's MARC-to-DC crosswalk places the same data: title, creator per
     * contributor, subject, publisher and date per publication, identifier per identifier value and the HRID,
     * language codes, editions and physical descriptions as format, notes not marked staff-only as description.
     */
    static void write(XmlOut x, ObjectNode instance) {
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
