package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One heading of an authority as the authority index holds it. mod-search splits an authority into one document per
 * heading (AuthorityEventPreProcessor): its main heading (personalName, corporateName …), each see-from ({@code sft*})
 * and each see-also-from ({@code saft*}) heading, every one carrying the authority's common fields; an authority
 * without any heading is one document ({@code other0_<id>}) of headingType "Other" (HeadingTypeProcessor). The
 * document id is {@code <field><n>_<authority id>}, as mod-search's.
 */
public record AuthorityDocument(String id, String authorityId, Map<String, List<String>> values, ObjectNode source) {
    /** The shape of the documents; an index committed with another version is rebuilt at start (AuthorityIndexer). */
    public static final String VERSION = "2026-11-24.a2";

    /** The fields every document of an authority copies (authority.json's non-heading fields). */
    private static final List<String> COMMON = List.of("id", "naturalId", "sourceFileId", "subjectHeadings",
            "identifiers", "metadata", "notes");

    public static List<AuthorityDocument> of(String tenant, ObjectNode authority) {
        String authorityId = authority.path("id").asText();
        List<AuthorityDocument> docs = new ArrayList<>();
        for (AuthorityFields.Heading h : AuthorityFields.HEADINGS) {
            JsonNode v = authority.get(h.field());
            if (v == null || v.isNull()) continue;
            List<String> headings = new ArrayList<>();
            if (v.isArray()) {
                for (JsonNode e : v) if (e.isTextual()) headings.add(e.asText());
            } else if (v.isTextual()) {
                headings.add(v.asText());
            }
            for (int n = 0; n < headings.size(); n++) {
                docs.add(heading(tenant, authority, h.field() + n + "_" + authorityId, h, headings.get(n)));
            }
        }
        if (docs.isEmpty()) docs.add(heading(tenant, authority, "other0_" + authorityId, null, null));
        return docs;
    }

    private static AuthorityDocument heading(String tenant, ObjectNode authority, String docId,
            AuthorityFields.Heading h, String value) {
        ObjectNode source = Json.object();
        for (String f : COMMON) {
            JsonNode v = authority.get(f);
            if (v != null && !v.isNull()) source.set(f, v.deepCopy());
        }
        source.put("tenantId", tenant);
        source.put("shared", false); // authority.json "default": false; no consortium here
        if (!source.path("sourceFileId").isTextual()) source.put("sourceFileId", "NULL"); // authority.json "default"
        source.put("headingType", h == null ? "Other" : h.headingType());
        if (h != null) {
            source.put("authRefType", h.authRefType());
            source.put("headingRef", value);
            source.put(h.field(), value); // mod-search excludes it from _source; Quire keeps it for expandAll
        }
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (String field : AuthorityFields.FIELDS.keySet()) {
            List<String> out = new ArrayList<>();
            InstanceDocument.collect(source, field, out);
            if (!out.isEmpty()) values.put(field, out);
        }
        if (h != null) values.put("isTitleHeadingRef", List.of(Boolean.toString(h.title())));
        java.util.Set<String> lccn = new java.util.LinkedHashSet<>();
        for (JsonNode identifier : authority.path("identifiers")) {
            String type = identifier.path("identifierTypeId").asText();
            String v = identifier.path("value").asText("");
            if ((IdentifierFields.LCCN.contains(type) || IdentifierFields.CANCELED_LCCN.contains(type)) && !v.isBlank()) {
                lccn.addAll(org.quire.search.normalize.Lccn.indexTerms(v));
            }
        }
        if (!lccn.isEmpty()) values.put(AuthorityFields.LCCN, new ArrayList<>(lccn));
        return new AuthorityDocument(docId, authority.path("id").asText(), values, source);
    }
}
