package org.quire.platform.cql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Translates one search clause against one declared field. Every clause compares the column itself
 * (never jsonb), so a plain btree index on the column can serve equality, prefix and range queries.
 */
final class ClauseSql {

    private static final Set<String> EQUALITY = Set.of("=", "==", "<>");
    private static final Set<String> ORDERING = Set.of("=", "==", "<>", "<", "<=", ">", ">=");

    /** Relations each type can serve; anything else is rejected rather than silently approximated. */
    private static final Map<FieldType, Set<String>> ALLOWED =
            Map.of(
                    FieldType.UUID, EQUALITY,
                    FieldType.KEYWORD, union(ORDERING, Set.of("exact", "any", "all")),
                    FieldType.TEXT, union(ORDERING, Set.of("exact", "any", "all", "adj")),
                    FieldType.INTEGER, ORDERING,
                    FieldType.NUMBER, ORDERING,
                    FieldType.BOOLEAN, EQUALITY,
                    FieldType.DATETIME, ORDERING,
                    FieldType.UUID_ARRAY, EQUALITY);

    private ClauseSql() {}

    static Fragment translate(CqlClause clause, CqlField field) {
        String relation = clause.relation();
        if (!ALLOWED.get(field.type()).contains(relation)) {
            throw new CqlException(
                    "Unsupported CQL relation '"
                            + relation
                            + "' for index "
                            + field.name()
                            + " of type "
                            + field.type());
        }
        String term = clause.term();
        String column = field.column();
        if (CqlTerms.isMatchAll(term) && !isOrdering(relation)) {
            // FOLIO's "field=*" means "has a value"; "<> *" is its negation
            return Fragment.of(column + (relation.equals("<>") ? " IS NULL" : " IS NOT NULL"));
        }
        return switch (field.type()) {
            case UUID -> uuid(relation, term, column);
            case KEYWORD -> keyword(relation, term, column);
            case TEXT -> text(relation, term, column, clause.hasModifier("respectCase"));
            case INTEGER -> compare(relation, column, CqlValues.integer(CqlTerms.unescape(term), field));
            case NUMBER -> compare(relation, column, CqlValues.number(CqlTerms.unescape(term), field));
            case DATETIME -> compare(relation, column, CqlValues.dateTime(CqlTerms.unescape(term), field));
            case BOOLEAN -> bool(relation, column, CqlValues.bool(CqlTerms.unescape(term), field));
            case UUID_ARRAY -> uuidArray(relation, term, column);
        };
    }

    /** Not a valid UUID: FOLIO answers with an empty result, not an error, so = is FALSE. */
    private static Fragment uuid(String relation, String term, String column) {
        boolean negated = relation.equals("<>");
        return CqlValues.uuid(CqlTerms.unescape(term))
                .map(id -> Fragment.of(column + (negated ? " <> ?" : " = ?"), (Object) id))
                .orElse(negated ? Fragment.TRUE : Fragment.FALSE);
    }

    /**
     * "Contains": {@code column @> ARRAY[id]}, which a GIN index on the column serves. "<>" is "does not contain",
     * rows without the array included. A term that is not a UUID is contained in no array.
     */
    private static Fragment uuidArray(String relation, String term, String column) {
        boolean negated = relation.equals("<>");
        return CqlValues.uuid(CqlTerms.unescape(term))
                .map(id -> Fragment.of(negated ? "NOT coalesce(" + column + " @> ARRAY[?]::uuid[], false)"
                        : column + " @> ARRAY[?]::uuid[]", (Object) id))
                .orElse(negated ? Fragment.TRUE : Fragment.FALSE);
    }

    private static Fragment keyword(String relation, String term, String column) {
        return switch (relation) {
            case "=", "==", "exact" -> keywordEquals(column, term);
            case "<>" ->
                    CqlTerms.hasWildcards(term)
                            ? Fragment.of(column + " NOT LIKE ?", CqlTerms.toLikePattern(term))
                            : Fragment.of(column + " <> ?", CqlTerms.unescape(term));
            case "any" -> keywordAny(column, CqlTerms.words(term), term);
            case "all" -> eachWord(CqlTerms.words(term), "AND", term, w -> keywordEquals(column, w));
            default -> compare(relation, column, CqlTerms.unescape(term));
        };
    }

    private static Fragment keywordEquals(String column, String term) {
        return CqlTerms.hasWildcards(term)
                ? Fragment.of(column + " LIKE ?", CqlTerms.toLikePattern(term))
                : Fragment.of(column + " = ?", CqlTerms.unescape(term));
    }

    /** Several plain words become one IN list, which a btree index serves in a single scan. */
    private static Fragment keywordAny(String column, List<String> words, String term) {
        if (words.size() < 2 || words.stream().anyMatch(CqlTerms::hasWildcards)) {
            return eachWord(words, "OR", term, w -> keywordEquals(column, w));
        }
        List<Object> values = new ArrayList<>();
        words.forEach(w -> values.add(CqlTerms.unescape(w)));
        String placeholders = String.join(", ", Collections.nCopies(values.size(), "?"));
        return new Fragment(column + " IN (" + placeholders + ")", values);
    }

    /**
     * Case-insensitive unless /respectCase. "=" and "all" need every word somewhere in the text, "any"
     * one of them, "adj" the whole phrase; "==" and "exact" compare the whole value.
     */
    private static Fragment text(String relation, String term, String column, boolean respectCase) {
        String expr = respectCase ? column : "lower(" + column + ")";
        String param = respectCase ? "?" : "lower(?)";
        List<String> words = CqlTerms.words(term);
        Function<String, Fragment> contains =
                w -> Fragment.of(expr + " LIKE " + param, "%" + CqlTerms.toLikePattern(w) + "%");
        return switch (relation) {
            case "==", "exact" ->
                    CqlTerms.hasWildcards(term)
                            ? Fragment.of(expr + " LIKE " + param, CqlTerms.toLikePattern(term))
                            : Fragment.of(expr + " = " + param, CqlTerms.unescape(term));
            case "=", "all" -> words.isEmpty() ? notNull(column) : joinWords(words, "AND", contains);
            case "any" -> words.isEmpty() ? notNull(column) : joinWords(words, "OR", contains);
            case "adj" -> words.isEmpty() ? notNull(column) : contains.apply(String.join(" ", words));
            case "<>" ->
                    CqlTerms.hasWildcards(term)
                            ? Fragment.of(expr + " NOT LIKE " + param, CqlTerms.toLikePattern(term))
                            : Fragment.of(expr + " <> " + param, CqlTerms.unescape(term));
            default -> Fragment.of(expr + " " + relation + " " + param, CqlTerms.unescape(term));
        };
    }

    private static Fragment compare(String relation, String column, Object value) {
        String op = relation.equals("==") ? "=" : relation;
        return Fragment.of(column + " " + op + " ?", value);
    }

    /** "<>" uses IS DISTINCT FROM so that rows without a value count as "not true". */
    private static Fragment bool(String relation, String column, Boolean value) {
        return relation.equals("<>")
                ? Fragment.of(column + " IS DISTINCT FROM ?", value)
                : Fragment.of(column + " = ?", value);
    }

    /** Per-word fragments; a term without words (e.g. "") falls back to the whole term. */
    private static Fragment eachWord(
            List<String> words, String op, String term, Function<String, Fragment> perWord) {
        return words.isEmpty() ? perWord.apply(term) : joinWords(words, op, perWord);
    }

    private static Fragment joinWords(
            List<String> words, String op, Function<String, Fragment> perWord) {
        return Fragment.join(op, words.stream().map(perWord).toList());
    }

    private static Fragment notNull(String column) {
        return Fragment.of(column + " IS NOT NULL");
    }

    private static boolean isOrdering(String relation) {
        return relation.startsWith("<") && !relation.equals("<>") || relation.startsWith(">");
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }
}
