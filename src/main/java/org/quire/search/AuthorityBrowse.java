package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * mod-search's {@code GET /browse/authorities} (AuthorityBrowseService over AbstractBrowseServiceBySearchAfter): the
 * headings (one per document, not distinct values) whose authRefType is Authorized or Reference, in order of their
 * lowercased headingRef. After the anchor means strictly greater, before strictly smaller (search_after); the anchor
 * itself is ONE heading equal to it (a term query, size 1), marked {@code isAnchor} when {@code highlightMatch}, or
 * the placeholder {@code {headingRef, isAnchor: true}} when none is. {@code totalRecords} is the number of headings
 * matching the filters (any authority CQL AND-ed to the range). Items are {@code {headingRef, authority, isAnchor}} (authorityBrowseItem.yaml); the authority
 * is the search's basic one with {@code numberOfTitles}.
 */
public final class AuthorityBrowse {
    private final AuthoritySearch search;

    public AuthorityBrowse(AuthoritySearch search) {
        this.search = search;
    }

    public record Request(String tenant, String query, int limit, Integer precedingRecordsCount,
            boolean highlightMatch, boolean expandAll) {
    }

    public ObjectNode browse(Request r) {
        int preceding = r.precedingRecordsCount() == null ? r.limit() / 2 : r.precedingRecordsCount();
        if (r.precedingRecordsCount() != null && preceding >= r.limit()) {
            throw new InvalidSearch("Preceding records count must be less than request limit", "precedingRecordsCount",
                    String.valueOf(preceding));
        }
        BrowseQuery q = BrowseQuery.parse("headingRef", null, r.query());
        // AuthorityBrowseService.FILTER_QUERY: authRefType in (Authorized, Reference), then the request's filters
        List<SearchQuery> filters = new ArrayList<>();
        filters.add(new SearchQuery.Or(List.of(new SearchQuery.Term("authRefType", "Authorized"),
                new SearchQuery.Term("authRefType", "Reference"))));
        for (org.quire.platform.cql.CqlNode c : q.conditions()) {
            filters.add(CqlTranslator.translate(c, AuthorityFields.CQL)); // any authority CQL: an unknown index → 400
        }
        SearchQuery filter = new SearchQuery.And(filters);
        AuthorityIndex index = search.indexes().authorities(r.tenant());
        String key = q.anchor().toLowerCase(Locale.ROOT);
        long total = index.search(filter, SearchQuery.Sort.RELEVANCE, 0, 0).total();
        if (q.anchor().isBlank() || r.limit() == 0) { // as InstanceBrowse: nothing to browse, the count alone
            ObjectNode counted = Json.object();
            counted.put("totalRecords", q.anchor().isBlank() ? 0 : total);
            counted.putArray("items");
            return counted;
        }

        List<ObjectNode> page = new ArrayList<>();
        String prev = null;
        String next = null;
        if (q.around()) {
            int after = r.limit() - preceding;
            List<ObjectNode> before = items(index.browse(filter, key, false, preceding + 1), false, r.expandAll());
            Collections.reverse(before); // ascending
            List<ObjectNode> rest = new ArrayList<>(anchor(index, filter, q, r.highlightMatch(), r.highlightMatch(),
                    r.expandAll()));
            rest.addAll(items(index.browse(filter, key, true, after + 1), false, r.expandAll()));
            if (before.size() > preceding) prev = headingRef(before.get(before.size() - preceding));
            if (rest.size() > after) next = headingRef(rest.get(after - 1));
            page.addAll(before.subList(Math.max(0, before.size() - preceding), before.size()));
            page.addAll(rest.subList(0, Math.min(after, rest.size())));
        } else {
            List<ObjectNode> records = new ArrayList<>(q.includeAnchor()
                    ? anchor(index, filter, q, false, false, r.expandAll()) : List.of());
            records.addAll(items(index.browse(filter, key, q.forward(), r.limit() + 1), false, r.expandAll()));
            if (!q.forward()) Collections.reverse(records);
            int limit = r.limit();
            if (q.forward()) {
                if (!records.isEmpty()) prev = headingRef(records.getFirst());
                if (records.size() > limit) next = headingRef(records.get(limit - 1));
                page.addAll(records.subList(0, Math.min(limit, records.size())));
            } else {
                if (records.size() > limit) prev = headingRef(records.get(records.size() - limit));
                if (!records.isEmpty()) next = headingRef(records.getLast());
                page.addAll(records.subList(Math.max(0, records.size() - limit), records.size()));
            }
        }
        search.addNumberOfTitles(r.tenant(), page, item -> item.get("authority") instanceof ObjectNode a ? a : null);
        ObjectNode out = Json.object();
        out.put("totalRecords", total);
        if (prev != null) out.put("prev", prev);
        if (next != null) out.put("next", next);
        ArrayNode items = out.putArray("items");
        page.forEach(items::add);
        return out;
    }

    /**
     * The anchor heading (getAnchorSearchQuery: the filters and headingRef equal to the anchor, one hit), or with
     * {@code placeholder} the empty item when there is none — or when the query excludes the anchor ({@code >}).
     */
    private static List<ObjectNode> anchor(AuthorityIndex index, SearchQuery filter, BrowseQuery q, boolean mark,
            boolean placeholder, boolean expandAll) {
        List<String> found = !q.includeAnchor() ? List.of() : index.search(new SearchQuery.And(List.of(filter,
                new SearchQuery.Term("headingRef", q.anchor()))), SearchQuery.Sort.RELEVANCE, 0, 1).sources();
        if (found.isEmpty() && placeholder) {
            ObjectNode empty = Json.object();
            empty.put("headingRef", q.anchor());
            empty.put("isAnchor", true);
            return List.of(empty);
        }
        return items(found, mark, expandAll);
    }

    private static List<ObjectNode> items(List<String> sources, boolean anchor, boolean expandAll) {
        List<ObjectNode> out = new ArrayList<>();
        for (String source : sources) {
            ObjectNode doc = Json.parseObject(source);
            ObjectNode item = Json.object();
            item.set("authority", expandAll ? doc : AuthoritySearch.basic(doc));
            item.put("headingRef", doc.path("headingRef").asText());
            if (anchor) item.put("isAnchor", true);
            out.add(item);
        }
        return out;
    }

    private static String headingRef(ObjectNode item) {
        return item.path("headingRef").asText();
    }
}
