package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.List;
import java.util.Set;

/**
 * What a search answers of an instance unless {@code expandAll}: instance.json's fields marked
 * {@code "showInResponse": "search"} (folio-catalogue-api.md §1.4), in that order, nulls left out. The embedded index
 * keeps this projection of every document beside its source, already written, so that a page of 100 hits is 100 copies
 * of bytes rather than 100 sources decompressed, parsed and written again.
 */
final class BasicFields {
    static final List<String> FIELDS = List.of("id", "tenantId", "shared", "hrid", "title", "contributors",
            "identifiers", "publication", "dates", "staffSuppress", "discoverySuppress", "isBoundWith");
    static final Set<String> CONTRIBUTOR_FIELDS = Set.of("name", "contributorTypeId", "contributorNameTypeId",
            "authorityId", "primary");
    static final Set<String> PUBLICATION_FIELDS = Set.of("publisher", "dateOfPublication");
    static final Set<String> IDENTIFIER_FIELDS = Set.of("value", "identifierTypeId");

    private BasicFields() {
    }

    /** The basic fields of an indexed source (InstanceDocument's). */
    static ObjectNode of(ObjectNode source) {
        ObjectNode b = Json.object();
        for (String field : FIELDS) {
            JsonNode v = source.get(field);
            if (v == null || v.isNull()) continue;
            b.set(field, switch (field) {
                case "contributors" -> keep(v, CONTRIBUTOR_FIELDS);
                case "publication" -> keep(v, PUBLICATION_FIELDS);
                case "identifiers" -> keep(v, IDENTIFIER_FIELDS);
                default -> v;
            });
        }
        return b;
    }

    /** {@link #of} written as compact JSON. */
    static byte[] json(ObjectNode source) {
        return Json.writeBytes(of(source));
    }

    /** The objects of {@code array} with only {@code fields} (copies: the source is left whole). */
    static ArrayNode keep(JsonNode array, Set<String> fields) {
        ArrayNode out = Json.array();
        for (JsonNode element : array) {
            if (element instanceof ObjectNode o) out.add(o.deepCopy().retain(fields));
        }
        return out;
    }
}
