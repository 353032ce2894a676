package org.quire.search;

import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.search.WildcardQuery;
import org.apache.lucene.document.LongPoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@link SearchQuery} → Lucene. Term conditions are constant-score filters (mod-search puts them in filter context);
 * full-text words score. Wildcards never scan the documents, and only the rare shapes walk the term dictionary:
 * <ul>
 *   <li>{@code abc*}: a prefix query on the plain value (a seek in the term dictionary);</li>
 *   <li>{@code *abc}: a prefix query on the reversed plain value (where there is one);</li>
 *   <li>{@code *abc*} (3+ characters) on fields with a trigram copy: a phrase of the literal's trigrams over that
 *       copy — exact, since trigrams sit at consecutive positions (and a gap between values);</li>
 *   <li>any other pattern that starts with a literal: a wildcard automaton seeded by that prefix on the plain
 *       value, or, if it ends with a literal, the reversed pattern on the reversed value;</li>
 *   <li>what is left ({@code *ab*}, {@code *a*b*}): the automaton over the whole plain term dictionary.</li>
 * </ul>
 */
final class LuceneQueries {
    private LuceneQueries() {
    }

    /** Turns a condition on the item states' fields into one on the instances (LuceneItemStates.join). */
    interface ItemStateJoin {
        Query instancesWith(Query onItemStates) throws java.io.IOException;

        /** Whether some item state is newer than its instance's document (else the documents answer everything). */
        boolean anyNewer() throws java.io.IOException;
    }

    /** A query on instances; its conditions on {@link CirculationFields#FIELDS} are run on the item states. */
    static Query of(SearchQuery q, ItemStateJoin join) {
        return of(q, SearchFields.FIELDS::get, join);
    }

    /** As {@link #of(SearchQuery, ItemStateJoin)} over another index, whose field kinds {@code kinds} gives. */
    static Query of(SearchQuery q, java.util.function.Function<String, FieldKind> kinds) {
        return of(q, kinds, null);
    }

    private static Query of(SearchQuery q, java.util.function.Function<String, FieldKind> kinds, ItemStateJoin join) {
        if (join != null && onItemState(q)) {
            try {
                // while no state waits, the documents' own status terms answer (a postings list beats a doc-values
                // check per candidate: filter queries' p95 ×1.2 with the masks, docs/benchmarks.md)
                Query current = join.anyNewer() ? currentStatus(q) : null;
                if (current != null) return current;
                return join.instancesWith(of(q, kinds, null));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return switch (q) {
            case SearchQuery.All a -> new MatchAllDocsQuery();
            case SearchQuery.None n -> new MatchNoDocsQuery();
            case SearchQuery.Text t -> text(t);
            case SearchQuery.Plain p -> anyField(p.fields(), f ->
                    new TermQuery(new Term(LuceneAnalyzers.plain(f), LuceneAnalyzers.fold(p.value()))));
            case SearchQuery.Term t -> term(t, kinds);
            case SearchQuery.Wildcard w -> wildcard(w.fields(), w.pattern(), kinds);
            case SearchQuery.Range r -> range(r, kinds);
            case SearchQuery.Exists e -> new ConstantScoreQuery(new TermQuery(new Term(LuceneFacets.EXISTS, e.field())));
            case SearchQuery.And and -> {
                BooleanQuery.Builder b = new BooleanQuery.Builder();
                for (SearchQuery part : and.all()) b.add(of(part, kinds, join), Occur.MUST);
                yield b.build();
            }
            // (one on an item-state field never gets here with a join: it is joined whole, above)
            case SearchQuery.Or or when termsOfOneField(or) != null -> termInSet(or, kinds);
            case SearchQuery.Or or -> {
                BooleanQuery.Builder b = new BooleanQuery.Builder();
                for (SearchQuery part : or.any()) b.add(of(part, kinds, join), Occur.SHOULD);
                yield b.build();
            }
            case SearchQuery.Not not -> new BooleanQuery.Builder().add(of(not.positive(), kinds, join), Occur.MUST)
                    .add(of(not.negative(), kinds, join), Occur.MUST_NOT).build();
        };
    }

    /**
     * A status condition (a name, a wildcard, "has one") answered by the instance documents' {@link ItemStatusMask},
     * which check-outs keep current in place (no join with the item states); null for any other condition, and for
     * names none of FOLIO's statuses match (they go through the join: only data written around the API has them).
     */
    private static Query currentStatus(SearchQuery q) {
        long bits = q instanceof SearchQuery.Or or ? statusBits(or) : statusBits(q);
        return bits == 0 ? null : new ConstantScoreQuery(ItemStatusMask.having(bits));
    }

    /**
     * The statuses any of {@code or}'s parts asks for, as one mask (one scan of the masks instead of one per part, as
     * {@code items.status.name == ("Available" OR "In transit")} asks); 0 unless every part is a status condition.
     */
    private static long statusBits(SearchQuery.Or or) {
        long bits = 0;
        for (SearchQuery part : or.any()) {
            long b = statusBits(part);
            if (b == 0) return 0;
            bits |= b;
        }
        return bits;
    }

    /** The statuses a single status condition asks for; 0 for any other condition. */
    private static long statusBits(SearchQuery q) {
        FieldKind kind = SearchFields.FIELDS.get(ItemStatusMask.STATUS);
        return switch (q) {
            case SearchQuery.Term t when t.field().equals(ItemStatusMask.STATUS) -> {
                int bit = ItemStatusMask.bit(LuceneAnalyzers.normalise(kind, t.value()));
                yield bit < 0 ? 0 : 1L << bit;
            }
            case SearchQuery.Wildcard w when w.fields().equals(List.of(ItemStatusMask.STATUS)) ->
                    ItemStatusMask.matching(literals(w.pattern(), kind));
            case SearchQuery.Exists e when e.field().equals(ItemStatusMask.STATUS) -> ItemStatusMask.ANY;
            default -> 0;
        };
    }

    /** The field every part of {@code or} is a term of, or null (a part of another kind, or of other fields). */
    private static String termsOfOneField(SearchQuery.Or or) {
        String field = null;
        for (SearchQuery part : or.any()) {
            if (!(part instanceof SearchQuery.Term t) || field != null && !field.equals(t.field())) return null;
            field = t.field();
        }
        return field;
    }

    /**
     * {@code f == ("a" OR "b")}, which facets and filters ask (the PTF's {@code languages == ("eng" OR "fre") AND
     * items.status.name == …}), as one query of terms rather than a disjunction of term queries: beside another dense
     * condition, a disjunction is walked document by document through a heap, while Lucene's term set (its blended
     * rewrite) gives the conjunction the dense matches as a bit set. 16 ms → 4 ms at a million instances (QueryProbe).
     */
    private static Query termInSet(SearchQuery.Or or, java.util.function.Function<String, FieldKind> kinds) {
        String field = ((SearchQuery.Term) or.any().getFirst()).field();
        FieldKind kind = kinds.apply(field);
        List<org.apache.lucene.util.BytesRef> terms = new ArrayList<>();
        for (SearchQuery part : or.any()) {
            terms.add(new org.apache.lucene.util.BytesRef(LuceneAnalyzers.normalise(kind, ((SearchQuery.Term) part).value())));
        }
        return new ConstantScoreQuery(new org.apache.lucene.search.TermInSetQuery(field, terms));
    }

    /**
     * Whether a condition is on an item-state field (no search option mixes them with other fields: their conditions
     * are on one field), or is an OR of such conditions: joined whole, since an instance has an item matching one of
     * them exactly when it has an item matching their OR (one join, one term set or one mask of statuses).
     */
    static boolean onItemState(SearchQuery q) {
        if (q instanceof SearchQuery.Or or) return or.any().stream().allMatch(LuceneQueries::onItemState);
        String field = switch (q) {
            case SearchQuery.Term t -> t.field();
            case SearchQuery.Range r -> r.field();
            case SearchQuery.Exists e -> e.field();
            case SearchQuery.Wildcard w -> w.fields().size() == 1 ? w.fields().getFirst() : null;
            default -> null;
        };
        return field != null && CirculationFields.FIELDS.contains(field);
    }

    /** ALL: every word in some field (cross-fields AND); ANY: some word; PHRASE: the words in order in one field. */
    private static Query text(SearchQuery.Text t) {
        List<String> words = LuceneAnalyzers.words(t.fields().getFirst(), t.text());
        if (words.isEmpty()) return new MatchNoDocsQuery();
        if (t.mode() == SearchQuery.TextMode.PHRASE) {
            return anyField(t.fields(), f -> words.size() == 1 ? new TermQuery(new Term(f, words.getFirst()))
                    : new PhraseQuery(f, words.toArray(String[]::new)));
        }
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        Occur occur = t.mode() == SearchQuery.TextMode.ALL ? Occur.MUST : Occur.SHOULD;
        for (String word : words) b.add(anyField(t.fields(), f -> new TermQuery(new Term(f, word))), occur);
        return b.build();
    }

    private static Query term(SearchQuery.Term t, java.util.function.Function<String, FieldKind> kinds) {
        FieldKind kind = kinds.apply(t.field());
        return new ConstantScoreQuery(new TermQuery(new Term(t.field(), LuceneAnalyzers.normalise(kind, t.value()))));
    }

    private static Query range(SearchQuery.Range r, java.util.function.Function<String, FieldKind> kinds) {
        FieldKind kind = kinds.apply(r.field());
        if (kind == FieldKind.DATE) {
            long lo = r.lower() == null ? Long.MIN_VALUE : Long.parseLong(r.lower()) + (r.lowerInclusive() ? 0 : 1);
            long hi = r.upper() == null ? Long.MAX_VALUE : Long.parseLong(r.upper()) - (r.upperInclusive() ? 0 : 1);
            return LongPoint.newRangeQuery(r.field(), lo, hi);
        }
        String lo = r.lower() == null ? null : LuceneAnalyzers.normalise(kind, r.lower());
        String hi = r.upper() == null ? null : LuceneAnalyzers.normalise(kind, r.upper());
        String field = kind == FieldKind.FULLTEXT ? LuceneAnalyzers.plain(r.field()) : r.field();
        return new ConstantScoreQuery(TermRangeQuery.newStringRange(field, lo, hi, r.lowerInclusive(),
                r.upperInclusive()));
    }

    /**
     * A wildcard over several fields (an option's): a contains-wildcard ({@code *abc*}, 3+ characters) is one phrase
     * per trigram copy whose fields are all asked (LuceneAnalyzers.TRIGRAM_FIELDS: a copy shared by fields that are
     * not all asked would match values of the others), the fields left over take the shapes of {@link #wildcard}.
     */
    static Query wildcard(List<String> fields, String pattern, java.util.function.Function<String, FieldKind> kinds) {
        FieldKind kind = kinds.apply(fields.getFirst()); // an option's fields are of one kind
        List<String> parts = literals(pattern, kind);
        boolean contains = kind == FieldKind.FULLTEXT && parts.size() == 3 && parts.getFirst().isEmpty()
                && parts.getLast().isEmpty() && parts.get(1).codePointCount(0, parts.get(1).length()) >= 3;
        if (!contains) return anyField(fields, f -> wildcard(f, pattern, kinds));
        List<Query> any = new ArrayList<>();
        List<String> rest = new ArrayList<>(fields);
        for (String copy : new java.util.LinkedHashSet<>(fields.stream().map(LuceneAnalyzers.TRIGRAM_FIELDS::get)
                .filter(java.util.Objects::nonNull).toList())) {
            List<String> sharing = LuceneAnalyzers.TRIGRAM_FIELDS.entrySet().stream()
                    .filter(e -> e.getValue().equals(copy)).map(Map.Entry::getKey).toList();
            if (!fields.containsAll(sharing)) continue;
            List<String> grams = LuceneAnalyzers.trigrams(parts.get(1));
            any.add(new ConstantScoreQuery(grams.size() == 1 ? new TermQuery(new Term(copy, grams.getFirst()))
                    : new PhraseQuery(copy, grams.toArray(String[]::new))));
            rest.removeAll(sharing);
        }
        for (String f : rest) any.add(wildcard(f, pattern, kinds));
        return anyOf(any);
    }

    /**
     * One field's wildcard, one of the shapes in the class comment but the trigram phrase (the caller's); the pattern's
     * literals normalised as the field's values are.
     */
    private static Query wildcard(String field, String pattern, java.util.function.Function<String, FieldKind> kinds) {
        FieldKind kind = kinds.apply(field);
        boolean fullText = kind == FieldKind.FULLTEXT;
        String target = fullText ? LuceneAnalyzers.plain(field) : field;
        boolean hasReversed = fullText && LuceneAnalyzers.reversed(field);
        List<String> parts = literals(pattern, kind);
        int stars = parts.size() - 1;
        String first = parts.getFirst();
        String last = parts.getLast();
        if (stars == 1 && last.isEmpty()) return new ConstantScoreQuery(new PrefixQuery(new Term(target, first)));
        if (hasReversed && stars == 1 && first.isEmpty()) {
            return new ConstantScoreQuery(new PrefixQuery(new Term(target + LuceneAnalyzers.REVERSED,
                    LuceneAnalyzers.reverse(last))));
        }
        if (hasReversed && first.isEmpty() && !last.isEmpty()) {
            List<String> reversed = new ArrayList<>();
            for (String p : parts.reversed()) reversed.add(LuceneAnalyzers.reverse(p));
            return new ConstantScoreQuery(new WildcardQuery(new Term(target + LuceneAnalyzers.REVERSED,
                    automatonPattern(reversed))));
        }
        return new ConstantScoreQuery(new WildcardQuery(new Term(target, automatonPattern(parts))));
    }

    /** The pattern's literal runs between unescaped stars, each normalised as the field's values are. */
    private static List<String> literals(String pattern, FieldKind kind) {
        List<String> parts = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char ch = pattern.charAt(i);
            if (ch == '\\' && i + 1 < pattern.length()) {
                run.append(pattern.charAt(++i));
            } else if (ch == '*') {
                parts.add(literal(run.toString(), kind));
                run.setLength(0);
            } else {
                run.append(ch);
            }
        }
        parts.add(literal(run.toString(), kind));
        return parts;
    }

    private static String literal(String run, FieldKind kind) {
        // folding trims, which must not eat the spaces of "*climate change*" between stars: fold without trimming
        if (kind == FieldKind.FULLTEXT || kind == FieldKind.KEYWORD_ICU) {
            return org.apache.lucene.analysis.icu.ICUFoldingFilter.NORMALIZER.normalize(run);
        }
        return kind == FieldKind.KEYWORD ? run : run.toLowerCase(java.util.Locale.ROOT);
    }

    /** Literal runs joined by {@code *}, Lucene's wildcard syntax escaped in them. */
    private static String automatonPattern(List<String> parts) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts.size(); i++) {
            if (i > 0) out.append('*');
            for (char ch : parts.get(i).toCharArray()) {
                if (ch == '*' || ch == '?' || ch == '\\') out.append('\\');
                out.append(ch);
            }
        }
        return out.toString();
    }

    private static Query anyField(List<String> fields, java.util.function.Function<String, Query> each) {
        return anyOf(fields.stream().map(each).toList());
    }

    /** The one query, or a disjunction of several. */
    private static Query anyOf(List<Query> queries) {
        if (queries.size() == 1) return queries.getFirst();
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        for (Query q : queries) b.add(q, Occur.SHOULD);
        return b.build();
    }
}
