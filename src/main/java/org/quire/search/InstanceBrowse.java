package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * mod-search's browse (AbstractBrowseServiceBySearchAfter and its CallNumber-, Classification-, Subject- and
 * ContributorBrowseService; docs/features/browsing.md): a page of distinct values in browse order around an anchor.
 * Around: {@code precedingRecordsCount} values before the anchor, the anchor (the real entry when {@code >=} finds
 * it, else with {@code highlightMatch} a placeholder with {@code totalRecords} 0), then the rest of {@code limit}
 * after it. One direction: {@code limit} values from the anchor on, forward or backward (returned ascending).
 * {@code prev}/{@code next} are the first/last value of the page when more values lie that way (one value is
 * over-fetched on each side to know), {@code totalRecords} the number of distinct values that match the filters.
 */
public final class InstanceBrowse {
    private final SearchIndexes indexes;

    public InstanceBrowse(SearchIndexes indexes) {
        this.indexes = indexes;
    }

    public record Request(String tenant, BrowseEntries.Kind kind, String option, String query, int limit,
            Integer precedingRecordsCount, boolean highlightMatch) {
    }

    public ObjectNode browse(Request r) {
        if (!r.kind().options.contains(r.option())) {
            throw new InvalidSearch("Unexpected value '" + r.option() + "'", "browseOptionId", r.option());
        }
        int preceding = r.precedingRecordsCount() == null ? r.limit() / 2 : r.precedingRecordsCount();
        if (r.precedingRecordsCount() != null && preceding >= r.limit()) {
            // mod-search BrowseRequest validation (AbstractBrowseService)
            throw new InvalidSearch("Preceding records count must be less than request limit", "precedingRecordsCount",
                    String.valueOf(preceding));
        }
        BrowseQuery q = BrowseQuery.parse(r.kind(), r.query());
        if (q.anchor().isBlank()) { // AbstractBrowseService: an empty anchor browses nothing
            ObjectNode empty = Json.object();
            empty.put("totalRecords", 0);
            empty.putArray("items");
            return empty;
        }
        InstanceIndex index = indexes.of(r.tenant());
        String field = r.kind().field(r.option());
        if (r.limit() == 0) { // allowed by mod-search's browse-limit-param (minimum 0): the count alone
            ObjectNode counted = Json.object();
            counted.put("totalRecords", index.browseTotal(field, q.filter()));
            counted.putArray("items");
            return counted;
        }
        String key = BrowseEntries.anchorKey(r.kind(), r.option(), q.anchor());
        boolean items = r.kind().countsItems;

        List<ObjectNode> page = new ArrayList<>();
        String prev = null;
        String next = null;
        if (q.around()) {
            List<BrowseEntries.Entry> before = index.browse(field, key, false, false, q.filter(), items, preceding + 1);
            List<BrowseEntries.Entry> shownBefore = new ArrayList<>(before.subList(0, Math.min(preceding, before.size())));
            java.util.Collections.reverse(shownBefore);
            for (BrowseEntries.Entry e : shownBefore) page.add(item(index, r.kind(), e, false));
            if (before.size() > preceding && !shownBefore.isEmpty()) prev = display(shownBefore.getFirst());

            int after = r.limit() - preceding - (r.highlightMatch() ? 1 : 0);
            List<BrowseEntries.Entry> anchors = new ArrayList<>();
            List<BrowseEntries.Entry> rest = index.browse(field, key, true, q.includeAnchor(), q.filter(), items,
                    after + 1 + (q.includeAnchor() ? 1 : 0));
            if (q.includeAnchor()) {
                while (!rest.isEmpty() && rest.getFirst().key().equals(key)) anchors.add(rest.removeFirst());
            }
            if (anchors.isEmpty() && r.highlightMatch()) {
                page.add(placeholder(r.kind(), q.anchor()));
            } else {
                for (BrowseEntries.Entry a : anchors) page.add(item(index, r.kind(), a, true));
                after -= Math.max(0, anchors.size() - (r.highlightMatch() ? 1 : 0));
            }
            List<BrowseEntries.Entry> shownAfter = rest.subList(0, Math.max(0, Math.min(after, rest.size())));
            for (BrowseEntries.Entry e : shownAfter) page.add(item(index, r.kind(), e, false));
            if (rest.size() > shownAfter.size() && !page.isEmpty()) next = displayOf(r.kind(), page.getLast());
        } else {
            List<BrowseEntries.Entry> found = index.browse(field, key, q.forward(), q.includeAnchor(), q.filter(),
                    items, r.limit() + 1);
            List<BrowseEntries.Entry> shown = new ArrayList<>(found.subList(0, Math.min(r.limit(), found.size())));
            if (!q.forward()) java.util.Collections.reverse(shown);
            for (BrowseEntries.Entry e : shown) page.add(item(index, r.kind(), e, false));
            boolean more = found.size() > r.limit();
            if (!shown.isEmpty()) {
                // mod-search: forward always gives prev (the way back), next only when more follow; backward mirrors
                if (q.forward() || more) prev = display(shown.getFirst());
                if (!q.forward() || more) next = display(shown.getLast());
            }
        }
        ObjectNode out = Json.object();
        out.put("totalRecords", index.browseTotal(field, q.filter()));
        if (prev != null) out.put("prev", prev);
        if (next != null) out.put("next", next);
        ArrayNode array = out.putArray("items");
        page.forEach(array::add);
        return out;
    }

    /** The value an entry is browsed by (the anchor field's value): its first part. */
    private static String display(BrowseEntries.Entry e) {
        return e.parts().getFirst();
    }

    private static String displayOf(BrowseEntries.Kind kind, ObjectNode item) {
        return item.path(displayField(kind)).asText();
    }

    private static String displayField(BrowseEntries.Kind kind) {
        return switch (kind) {
            case CALL_NUMBER -> "fullCallNumber";
            case CLASSIFICATION -> "classificationNumber";
            case SUBJECT -> "value";
            case CONTRIBUTOR -> "name";
        };
    }

    /** The missing anchor (highlightMatch): {@code {<field>: anchor, isAnchor: true, totalRecords: 0}}. */
    private static ObjectNode placeholder(BrowseEntries.Kind kind, String anchor) {
        ObjectNode o = Json.object();
        o.put(displayField(kind), anchor);
        o.put("isAnchor", true);
        o.put("totalRecords", 0);
        return o;
    }

    /** An entry in mod-search's item shape (swagger schemas callNumberBrowseItem, subjectBrowseItem …). */
    private static ObjectNode item(InstanceIndex index, BrowseEntries.Kind kind, BrowseEntries.Entry e, boolean anchor) {
        List<String> p = e.parts();
        ObjectNode o = Json.object();
        ObjectNode single = e.singleSource() == null ? null : Json.parseObject(e.singleSource());
        switch (kind) {
            case CALL_NUMBER -> {
                o.put("fullCallNumber", p.get(0));
                put(o, "callNumber", p.get(1));
                put(o, "callNumberPrefix", p.get(2));
                put(o, "callNumberSuffix", p.get(3));
                put(o, "callNumberTypeId", p.get(4));
                if (single != null) put(o, "instanceTitle", single.path("title").asText(""));
            }
            case CLASSIFICATION -> {
                o.put("classificationNumber", p.get(0));
                put(o, "classificationTypeId", p.get(1));
                if (single != null) {
                    put(o, "instanceTitle", single.path("title").asText(""));
                    ArrayNode contributors = o.putArray("instanceContributors");
                    for (JsonNode c : single.path("contributors")) {
                        if (c instanceof ObjectNode co) contributors.add(co.deepCopy().retain(BasicFields.CONTRIBUTOR_FIELDS));
                    }
                }
            }
            case SUBJECT -> {
                o.put("value", p.get(0));
                put(o, "authorityId", p.get(1));
                put(o, "sourceId", p.get(2));
                put(o, "typeId", p.get(3));
            }
            case CONTRIBUTOR -> {
                o.put("name", p.get(0));
                put(o, "contributorNameTypeId", p.get(1));
                put(o, "authorityId", p.get(2));
                // roles of every instance with this entry, deduplicated and sorted (ContributorBrowseService)
                String term = BrowseEntries.term(e.key(), p.toArray(String[]::new)) + BrowseEntries.SEP;
                ArrayNode roles = o.putArray("contributorTypeId");
                new TreeSet<>(index.browseTerms(BrowseEntries.CONTRIBUTOR_TYPES, term)).forEach(roles::add);
            }
        }
        if (anchor) o.put("isAnchor", true);
        o.put("totalRecords", e.count());
        return o;
    }

    private static void put(ObjectNode o, String field, String value) {
        if (value != null && !value.isEmpty()) o.put(field, value);
    }
}
