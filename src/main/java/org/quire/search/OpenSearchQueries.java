package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@link SearchQuery} → OpenSearch query DSL, node for node as LuceneQueries builds Lucene queries: term conditions
 * are constant-score filters, full-text words are scoring term queries on the words the embedded engine's analysis
 * gives (LuceneAnalyzers.words: the same tokens the index holds, see OpenSearchDocuments), phrases are
 * {@code match_phrase} of those words. Wildcards are OpenSearch {@code wildcard} queries on the folded plain value,
 * except {@code *abc} on full text: a {@code prefix} query on the reversed plain value (a seek, as on Lucene); other
 * shapes with a leading wildcard ({@code *ab*}) walk the field's term dictionary (no trigram copy yet).
 */
final class OpenSearchQueries {
    private OpenSearchQueries() {
    }

    /** A query on the instance index. */
    static ObjectNode of(SearchQuery q) {
        return of(q, SearchFields.FIELDS);
    }

    /** A query on an index whose field kinds are {@code kinds} (the instance index's, or AuthorityFields'). */
    static ObjectNode of(SearchQuery q, java.util.Map<String, FieldKind> kinds) {
        return switch (q) {
            case SearchQuery.All a -> node("match_all", Json.object());
            case SearchQuery.None n -> node("match_none", Json.object());
            case SearchQuery.Text t -> text(t);
            case SearchQuery.Plain p -> anyField(p.fields(), f ->
                    filter(term(OpenSearchDocuments.plainPath(f), LuceneAnalyzers.fold(p.value()))));
            case SearchQuery.Term t -> filter(term(OpenSearchDocuments.path(t.field()),
                    LuceneAnalyzers.normalise(kinds.get(t.field()), t.value())));
            case SearchQuery.Wildcard w -> anyField(w.fields(), f -> filter(wildcard(f, w.pattern(), kinds.get(f))));
            case SearchQuery.Range r -> filter(range(r, kinds.get(r.field())));
            case SearchQuery.Exists e -> filter(term(OpenSearchDocuments.path(OpenSearchDocuments.EXISTS), e.field()));
            case SearchQuery.And and -> bool("must", and.all().stream().map(p -> of(p, kinds)).toList());
            case SearchQuery.Or or -> bool("should", or.any().stream().map(p -> of(p, kinds)).toList());
            case SearchQuery.Not not -> {
                ObjectNode b = Json.object();
                b.putArray("must").add(of(not.positive(), kinds));
                b.putArray("must_not").add(of(not.negative(), kinds));
                yield node("bool", b);
            }
        };
    }

    /** ALL: every word in some field; ANY: some word; PHRASE: the words in order in one field. */
    private static ObjectNode text(SearchQuery.Text t) {
        List<String> words = LuceneAnalyzers.words(t.fields().getFirst(), t.text());
        if (words.isEmpty()) return node("match_none", Json.object());
        if (t.mode() == SearchQuery.TextMode.PHRASE) {
            return anyField(t.fields(), f -> {
                if (words.size() == 1) return term(OpenSearchDocuments.path(f), words.getFirst());
                ObjectNode phrase = Json.object();
                // the words are already analysed: split them on whitespace only
                phrase.putObject(OpenSearchDocuments.path(f)).put("query", String.join(" ", words))
                        .put("analyzer", "whitespace");
                return node("match_phrase", phrase);
            });
        }
        List<ObjectNode> parts = new ArrayList<>();
        for (String word : words) parts.add(anyField(t.fields(), f -> term(OpenSearchDocuments.path(f), word)));
        return bool(t.mode() == SearchQuery.TextMode.ALL ? "must" : "should", parts);
    }

    private static ObjectNode range(SearchQuery.Range r, FieldKind kind) {
        String path = kind == FieldKind.FULLTEXT ? OpenSearchDocuments.plainPath(r.field())
                : OpenSearchDocuments.path(r.field());
        ObjectNode bounds = Json.object();
        if (r.lower() != null) {
            String lo = kind == FieldKind.DATE ? r.lower() : LuceneAnalyzers.normalise(kind, r.lower());
            bounds.put(r.lowerInclusive() ? "gte" : "gt", lo);
        }
        if (r.upper() != null) {
            String hi = kind == FieldKind.DATE ? r.upper() : LuceneAnalyzers.normalise(kind, r.upper());
            bounds.put(r.upperInclusive() ? "lte" : "lt", hi);
        }
        ObjectNode range = Json.object();
        range.set(path, bounds);
        return node("range", range);
    }

    /** The pattern's literal runs normalised as the field's values are, joined by unescaped {@code *}. */
    private static ObjectNode wildcard(String field, String pattern, FieldKind kind) {
        String path = kind == FieldKind.FULLTEXT ? OpenSearchDocuments.plainPath(field) : OpenSearchDocuments.path(field);
        StringBuilder out = new StringBuilder();
        StringBuilder run = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char ch = pattern.charAt(i);
            if (ch == '\\' && i + 1 < pattern.length()) {
                run.append(pattern.charAt(++i));
            } else if (ch == '*') {
                appendLiteral(out, run.toString(), kind);
                out.append('*');
                run.setLength(0);
            } else {
                run.append(ch);
            }
        }
        appendLiteral(out, run.toString(), kind);
        if (kind == FieldKind.FULLTEXT && stars(pattern) == 1 && pattern.startsWith("*") && pattern.length() > 1) {
            String literal = org.apache.lucene.analysis.icu.ICUFoldingFilter.NORMALIZER.normalize(
                    unescape(pattern.substring(1)));
            ObjectNode prefix = Json.object();
            prefix.put(path + OpenSearchDocuments.REVERSED, LuceneAnalyzers.reverse(literal));
            return node("prefix", prefix);
        }
        ObjectNode w = Json.object();
        w.putObject(path).put("value", out.toString());
        return node("wildcard", w);
    }

    /** The number of unescaped stars. */
    private static int stars(String pattern) {
        int n = 0;
        for (int i = 0; i < pattern.length(); i++) {
            if (pattern.charAt(i) == '\\') i++;
            else if (pattern.charAt(i) == '*') n++;
        }
        return n;
    }

    private static String unescape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '\\' && i + 1 < s.length()) i++;
            out.append(s.charAt(i));
        }
        return out.toString();
    }

    /** A literal run folded without trimming (as LuceneQueries does), OpenSearch's wildcard syntax escaped. */
    private static void appendLiteral(StringBuilder out, String run, FieldKind kind) {
        String literal = kind == FieldKind.FULLTEXT || kind == FieldKind.KEYWORD_ICU
                ? org.apache.lucene.analysis.icu.ICUFoldingFilter.NORMALIZER.normalize(run)
                : kind == FieldKind.KEYWORD ? run : run.toLowerCase(java.util.Locale.ROOT);
        for (char ch : literal.toCharArray()) {
            if (ch == '*' || ch == '?' || ch == '\\') out.append('\\');
            out.append(ch);
        }
    }

    private static ObjectNode anyField(List<String> fields, Function<String, ObjectNode> each) {
        if (fields.size() == 1) return each.apply(fields.getFirst());
        return bool("should", fields.stream().map(each).toList());
    }

    private static ObjectNode bool(String occur, List<ObjectNode> parts) {
        ObjectNode b = Json.object();
        ArrayNode a = b.putArray(occur);
        parts.forEach(a::add);
        if (occur.equals("should")) b.put("minimum_should_match", 1);
        return node("bool", b);
    }

    private static ObjectNode term(String path, String value) {
        ObjectNode t = Json.object();
        t.put(path, value);
        return node("term", t);
    }

    private static ObjectNode filter(ObjectNode q) {
        ObjectNode c = Json.object();
        c.set("filter", q);
        return node("constant_score", c);
    }

    private static ObjectNode node(String name, ObjectNode body) {
        ObjectNode n = Json.object();
        n.set(name, body);
        return n;
    }
}
