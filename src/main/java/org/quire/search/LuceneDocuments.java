package org.quire.search;

import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.util.BytesRef;
import org.quire.platform.Json;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An {@link InstanceDocument} as a Lucene document: per field kind (see {@link LuceneAnalyzers}); full-text fields
 * get their {@code plain_} copy, its reversed form where {@link LuceneAnalyzers#reversed} (leading wildcards become
 * prefix queries) and, for the fields of {@link LuceneAnalyzers#TRIGRAM_FIELDS}, a trigram copy (contains-wildcards
 * become phrase queries); {@code _id}
 * identifies the document, {@code _source} is returned (and {@code _basic} unless {@code expandAll}).
 */
final class LuceneDocuments {
    static final String ID = "_id";
    static final String SOURCE = "_source";
    /** {@link BasicFields} of the source, compact JSON, as binary doc values: read without decompressing the source. */
    static final String BASIC = "_basic";
    static final String SORT_TITLE = "sort_title";
    static final String SORT_CONTRIBUTORS = "sort_contributors";
    /** The suffixes of a multi-valued sort key's two fields: its smallest value (ascending), its largest (descending). */
    static final String MIN = "_min";
    static final String MAX = "_max";

    private LuceneDocuments() {
    }

    static Document of(InstanceDocument doc) {
        Document d = new Document();
        d.add(keyword(ID, doc.id()));
        d.add(new StoredField(SOURCE, new BytesRef(Json.writeBytes(doc.source()))));
        d.add(new BinaryDocValuesField(BASIC, new BytesRef(BasicFields.json(doc.source()))));
        addAll(d, doc.values(), SearchFields.FIELDS);
        // mod-search's sort_title (SortTitleProcessor): the indexTitle when not blank, else the title; keyword_icu.
        String title = first(doc.values().get("indexTitle"), first(doc.values().get("title"), null));
        if (title != null) d.add(new SortedDocValuesField(SORT_TITLE, utf8(LuceneAnalyzers.fold(title))));
        // sort_contributors (SortContributorsProcessor): the first primary contributor's name, else the first's.
        String contributor = null;
        for (com.fasterxml.jackson.databind.JsonNode c : doc.source().path("contributors")) {
            if (contributor == null) contributor = c.path("name").asText(null);
            if (c.path("primary").asBoolean(false)) {
                contributor = c.path("name").asText(null);
                break;
            }
        }
        if (contributor != null) {
            d.add(new SortedDocValuesField(SORT_CONTRIBUTORS, utf8(LuceneAnalyzers.fold(contributor))));
        }
        // normalizedDate1's sort key: the zero-padded year (ComputedFields), so string order is year order
        String date1 = first(doc.values().get(ComputedFields.DATE1), null);
        if (date1 != null) d.add(new SortedDocValuesField("sort_" + ComputedFields.DATE1, utf8(date1)));
        List<String> statuses = new ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode item : doc.source().path("items")) {
            statuses.add(item.path("status").path("name").asText(""));
        }
        d.add(ItemStatusMask.field(statuses)); // changed in place by a check-out (LuceneIndex.applyItemStates)
        // the status sort keys: the document's smallest and largest status (a check-out's new status sorts once the
        // document is rebuilt). Two single-valued fields, not one SortedSet: with a SortedSet field the index's
        // searches measured 30-45% slower at 20 users, though later runs found the machine's own speed drifting by
        // as much between hours, so that cost is not established (docs/benchmarks.md)
        java.util.TreeSet<String> sorted = new java.util.TreeSet<>(statuses);
        sorted.remove("");
        if (!sorted.isEmpty()) {
            d.add(new SortedDocValuesField(SearchQuery.Sort.ITEM_STATUS + MIN, utf8(sorted.first())));
            d.add(new SortedDocValuesField(SearchQuery.Sort.ITEM_STATUS + MAX, utf8(sorted.last())));
        }
        LuceneFacets.addTo(d, doc);
        LuceneBrowse.addFields(d, doc); // browse entries (call numbers, classifications, subjects, contributors)
        return d;
    }

    /**
     * Every value of every field as its kind ({@code kinds}) indexes it, and the trigram copies of the full-text ones
     * (instance and authority documents alike).
     */
    static void addAll(Document d, Map<String, List<String>> values, Map<String, FieldKind> kinds) {
        Map<String, List<String>> trigrams = new java.util.HashMap<>();
        for (Map.Entry<String, List<String>> e : values.entrySet()) {
            String field = e.getKey();
            FieldKind kind = kinds.get(field);
            String copy = kind == FieldKind.FULLTEXT ? LuceneAnalyzers.TRIGRAM_FIELDS.get(field) : null;
            for (String value : e.getValue()) {
                String plain = add(d, field, kind, value);
                if (copy != null) trigrams.computeIfAbsent(copy, k -> new ArrayList<>()).add(plain);
            }
        }
        trigrams.forEach((copy, plains) -> {
            for (String plain : withoutContained(plains)) {
                d.add(new Field(copy, plain, LuceneAnalyzers.TEXT_WITHOUT_NORMS));
            }
        });
    }

    /**
     * The values not contained in another of them (one of equal values kept). A trigram copy answers "does some value
     * contain this literal", and whatever a contained value contains, its container contains too: an index title is
     * nearly always part of its title, and this halves the copy of the title option's fields.
     */
    static List<String> withoutContained(List<String> values) {
        if (values.size() < 2) return values;
        List<String> longestFirst = new ArrayList<>(values);
        longestFirst.sort(java.util.Comparator.comparingInt(String::length).reversed());
        List<String> kept = new ArrayList<>();
        for (String v : longestFirst) {
            boolean contained = false;
            for (String k : kept) {
                if (k.contains(v)) {
                    contained = true;
                    break;
                }
            }
            if (!contained) kept.add(v);
        }
        return kept;
    }

    /**
     * One value of a field as its kind indexes it, without the trigram copy ({@link #addAll}); returns the plain
     * (folded) value of a full-text field, else null.
     */
    static String add(Document d, String field, FieldKind kind, String value) {
        switch (kind) {
            case FULLTEXT -> {
                boolean primary = LuceneAnalyzers.PRIMARY_TEXT_FIELDS.contains(field);
                d.add(primary ? new TextField(field, value, Field.Store.NO)
                        : new Field(field, value, LuceneAnalyzers.TEXT_WITHOUT_NORMS));
                String plain = LuceneAnalyzers.fold(value);
                String name = LuceneAnalyzers.plain(field);
                d.add(keyword(name, plain));
                if (LuceneAnalyzers.reversed(field)) {
                    d.add(keyword(name + LuceneAnalyzers.REVERSED, LuceneAnalyzers.reverse(plain)));
                }
                return plain;
            }
            case DATE -> {
                try {
                    java.time.Instant t = Json.parseInstant(value);
                    if (t != null) d.add(new LongPoint(field, t.toEpochMilli()));
                } catch (java.time.format.DateTimeParseException e) {
                    // a stored date that is no date is not searchable by date, as in mod-search (ignore_malformed)
                }
            }
            default -> {
                String v = LuceneAnalyzers.normalise(kind, value);
                // a Lucene term holds at most 32,766 bytes: an absurdly long keyword is kept searchable by its start
                if (v.length() > LuceneAnalyzers.PLAIN_MAX) v = v.substring(0, LuceneAnalyzers.PLAIN_MAX);
                d.add(keyword(field, v));
            }
        }
        return null;
    }

    /** A keyword term, not stored. */
    static StringField keyword(String field, String value) {
        return new StringField(field, utf8(value), Field.Store.NO);
    }

    /**
     * A string's UTF-8 bytes as Lucene writes them: the JDK's encoder (an intrinsic; Lucene's char-by-char
     * {@code UnicodeUtil} behind {@code new BytesRef(String)} and {@code StringField} was a sixth of building a
     * document), except for a string with an unpaired surrogate, which the JDK writes as '?' and Lucene as U+FFFD (a
     * query's term must be the same bytes). The JDK's bytes can only hide one if they hold a '?' or a non-ASCII
     * character; only then are the chars looked at.
     */
    static BytesRef utf8(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        boolean suspect = bytes.length != s.length();
        for (int i = 0; i < bytes.length && !suspect; i++) suspect = bytes[i] == '?';
        if (suspect) {
            for (int i = 0; i < s.length(); i++) {
                if (Character.isSurrogate(s.charAt(i))) return new BytesRef(s);
            }
        }
        return new BytesRef(bytes);
    }

    private static String first(List<String> values, String dflt) {
        return values == null || values.isEmpty() || values.getFirst().isBlank() ? dflt : values.getFirst();
    }
}
