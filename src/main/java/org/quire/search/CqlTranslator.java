package org.quire.search;

import org.quire.platform.cql.CqlBoolean;
import org.quire.platform.cql.CqlClause;
import org.quire.platform.cql.CqlNode;
import org.quire.platform.cql.CqlParser;
import org.quire.platform.cql.CqlQuery;
import org.quire.platform.cql.SortKey;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * CQL → {@link SearchQuery} with mod-search's semantics (folio-catalogue-api.md §1.2–1.3; mod-search
 * cql/CqlSearchQueryConverter, CqlTermQueryConverter and the term query builders). Parsing is platform/cql's
 * cql-java-compatible parser (equal precedence, left association, word joining, {@code f == ("a" or "b")}).
 */
public final class CqlTranslator {
    static final String INVALID_FIELD = "Invalid search field provided in the CQL query";

    private CqlTranslator() {
    }

    public record Translated(SearchQuery query, SearchQuery.Sort sort) {
    }

    /**
     * The field table a translation resolves indexes with: the instance index's ({@link #INSTANCES}, with its
     * computed options) or another index's (the authority index, AuthorityFields), so one translator serves both.
     */
    public record Fields(java.util.function.Function<String, java.util.Optional<SearchFields.Option>> option,
            java.util.Map<String, String> sorts, Computed computed) {
    }

    /** The query of an option whose values and terms are computed, or null when the index is not one. */
    public interface Computed {
        SearchQuery query(String index, String relation, String term);
    }

    static final Fields INSTANCES = new Fields(SearchFields::option, SearchFields.SORTS, (index, relation, term) -> {
        SearchQuery q = IdentifierFields.query(index, relation, term);
        return q != null ? q : ComputedFields.query(index, relation, term);
    });

    /** Throws {@link org.quire.platform.cql.CqlException} on a syntax error, {@link InvalidSearch} on the rest. */
    public static Translated translate(String cql) {
        return translate(cql, INSTANCES);
    }

    /** As {@link #translate(String)}, resolving indexes and sort keys in {@code fields}. */
    public static Translated translate(String cql, Fields fields) {
        CqlQuery parsed = CqlParser.parse(cql);
        return new Translated(node(parsed.root(), fields), sort(parsed.sortKeys(), fields));
    }

    /** A query parsed (and perhaps rewritten) by the caller — SRU's context sets — resolved in the instance fields. */
    public static Translated translate(CqlQuery parsed) {
        return new Translated(node(parsed.root(), INSTANCES), sort(parsed.sortKeys(), INSTANCES));
    }

    /** A parsed CQL sub-query (a browse query's filter part), resolved in {@code fields}. */
    static SearchQuery translate(CqlNode node, Fields fields) {
        return node(node, fields);
    }

    private static SearchQuery.Sort sort(List<SortKey> keys, Fields fields) {
        if (keys.isEmpty()) return SearchQuery.Sort.RELEVANCE;
        SortKey key = keys.getFirst();
        if (key.index().equalsIgnoreCase("relevance")) return SearchQuery.Sort.RELEVANCE;
        String field = fields.sorts().get(key.index());
        // mod-search's SearchUtils / CqlSortProvider wording
        if (field == null) throw new InvalidSearch("Sort field not found or cannot be used.", "sortField", key.index());
        return new SearchQuery.Sort(field, key.descending());
    }

    private static SearchQuery node(CqlNode node, Fields fields) {
        return switch (node) {
            case CqlBoolean b -> switch (b.op()) {
                case "and" -> new SearchQuery.And(operands(b, fields));
                case "or" -> new SearchQuery.Or(operands(b, fields));
                case "not" -> new SearchQuery.Not(node(b.left(), fields), node(b.right(), fields));
                default -> throw new InvalidSearch("Failed to parse CQL query. Operator '" + b.op()
                        + "' is not supported.", "operator", b.op());
            };
            case CqlClause c -> clause(c, fields);
        };
    }

    /**
     * The operands of a chain of one operator, {@code a or b or c} (a left-deep tree of binary nodes as parsed), as one
     * list: Lucene gets one boolean query of n clauses instead of n nested ones, whose rewrite walked the nesting once
     * per level (a chain of 2,000 terms: half a minute of CPU).
     */
    private static List<SearchQuery> operands(CqlBoolean chain, Fields fields) {
        java.util.ArrayDeque<CqlNode> pending = new java.util.ArrayDeque<>();
        List<CqlNode> leaves = new java.util.ArrayList<>();
        pending.push(chain);
        while (!pending.isEmpty()) {
            CqlNode n = pending.pop();
            if (n instanceof CqlBoolean b && b.op().equals(chain.op())) {
                pending.push(b.right());
                pending.push(b.left());
            } else {
                leaves.add(n);
            }
        }
        return leaves.stream().map(n -> node(n, fields)).toList();
    }

    private static SearchQuery clause(CqlClause c, Fields fields) {
        String index = c.index() == null ? "keyword" : c.index(); // cql.serverChoice: the keyword option
        if (index.equalsIgnoreCase("cql.allRecords")) return new SearchQuery.All();
        // options whose values and terms are computed (mod-search's processors and search term processors)
        // (their =""/==""/=="[]" forms are the empty-value queries below, as for every field)
        boolean emptyForm = SearchFields.FIELDS.containsKey(index)
                && (c.term().isEmpty() || c.term().equals(EmptyValueQueries.EMPTY_ARRAY));
        SearchQuery computed = emptyForm ? null : fields.computed().query(index, c.relation(), c.term());
        if (computed != null) return computed;
        SearchFields.Option option = fields.option().apply(index)
                .orElseThrow(() -> new InvalidSearch(INVALID_FIELD, "field", index));
        String term = c.term();
        String relation = c.relation();
        SearchQuery empty = EmptyValueQueries.of(option, relation, term);
        if (empty != null) return empty;
        if (hasWildcard(term)) {
            // mod-search ignores the relation: a wildcard over the whole (plain) value; only stars → everything.
            if (term.chars().allMatch(ch -> ch == '*')) return new SearchQuery.All();
            SearchQuery w = new SearchQuery.Wildcard(option.fields(), term);
            return relation.equals("<>") ? new SearchQuery.Not(new SearchQuery.All(), w) : w;
        }
        String value = unescape(term);
        return switch (option.kind()) {
            case FULLTEXT -> fullText(option.fields(), relation, value, c.hasModifier("string"));
            case DATE -> date(option.fields().getFirst(), relation, value);
            default -> term(option.fields().getFirst(), relation, value);
        };
    }

    static SearchQuery fullText(List<String> fields, String relation, String value, boolean string) {
        return switch (relation) {
            case "=", "all", "adj" -> new SearchQuery.Text(fields, value, SearchQuery.TextMode.ALL);
            case "any" -> new SearchQuery.Text(fields, value, SearchQuery.TextMode.ANY);
            case "==" -> string ? new SearchQuery.Plain(fields, value)
                    : new SearchQuery.Text(fields, value, SearchQuery.TextMode.PHRASE);
            case "<>" -> new SearchQuery.Not(new SearchQuery.All(),
                    new SearchQuery.Text(fields, value, SearchQuery.TextMode.ALL));
            default -> throw unsupported(relation);
        };
    }

    static SearchQuery term(String field, String relation, String value) {
        return switch (relation) {
            case "=", "==", "all", "any", "adj" -> new SearchQuery.Term(field, value);
            case "<>" -> new SearchQuery.Not(new SearchQuery.All(), new SearchQuery.Term(field, value));
            case "<" -> new SearchQuery.Range(field, null, false, value, false);
            case "<=" -> new SearchQuery.Range(field, null, false, value, true);
            case ">" -> new SearchQuery.Range(field, value, false, null, false);
            case ">=" -> new SearchQuery.Range(field, value, true, null, false);
            default -> throw unsupported(relation);
        };
    }

    /**
     * Dates as mod-search accepts them: an ISO date (the whole day, UTC), a local date-time (UTC), an offset
     * date-time or an instant. Bounds become epoch millis: a date-only {@code > d} starts the day after.
     */
    private static SearchQuery date(String field, String relation, String value) {
        Instant start;
        Instant end; // exclusive end of the value's span
        try {
            if (value.length() == 10) {
                start = LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant();
                end = start.plusSeconds(86_400);
            } else {
                start = parseDateTime(value);
                end = start.plusMillis(1);
            }
        } catch (DateTimeParseException e) {
            throw new InvalidSearch("Invalid date format", field, value);
        }
        String s = Long.toString(start.toEpochMilli());
        String e = Long.toString(end.toEpochMilli());
        SearchQuery span = new SearchQuery.Range(field, s, true, e, false);
        return switch (relation) {
            case "=", "==", "all", "any", "adj" -> span;
            case "<>" -> new SearchQuery.Not(new SearchQuery.All(), span);
            case "<" -> new SearchQuery.Range(field, null, false, s, false);
            case "<=" -> new SearchQuery.Range(field, null, false, e, false);
            case ">" -> new SearchQuery.Range(field, e, true, null, false);
            case ">=" -> new SearchQuery.Range(field, s, true, null, false);
            default -> throw unsupported(relation);
        };
    }

    private static Instant parseDateTime(String value) {
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(value);
            } catch (DateTimeParseException e2) {
                return LocalDateTime.parse(value).toInstant(ZoneOffset.UTC);
            }
        }
    }

    static InvalidSearch unsupported(String relation) {
        // mod-search CqlTermQueryConverter's wording
        return new InvalidSearch("Failed to parse CQL query. Comparator '" + relation + "' is not supported.",
                "comparator", relation);
    }

    /** True if the term has an unescaped {@code *} (the parser keeps {@code \*} escaped). */
    static boolean hasWildcard(String term) {
        for (int i = 0; i < term.length(); i++) {
            char ch = term.charAt(i);
            if (ch == '\\') i++;
            else if (ch == '*') return true;
        }
        return false;
    }

    static String unescape(String term) {
        if (term.indexOf('\\') < 0) return term;
        StringBuilder out = new StringBuilder(term.length());
        for (int i = 0; i < term.length(); i++) {
            char ch = term.charAt(i);
            if (ch == '\\' && i + 1 < term.length()) ch = term.charAt(++i);
            out.append(ch);
        }
        return out.toString();
    }
}
