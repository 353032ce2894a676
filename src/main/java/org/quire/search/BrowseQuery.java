package org.quire.search;

import org.quire.platform.cql.CqlBoolean;
import org.quire.platform.cql.CqlClause;
import org.quire.platform.cql.CqlNode;
import org.quire.platform.cql.CqlParser;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A browse query parsed (mod-search BrowseContextProvider, docs/features/browsing.md "Query Syntax"): the anchor,
 * which sides are browsed, whether the anchor itself is included, and the filters after {@code and}.
 * {@code x >= A} / {@code x > A} forward, {@code x <= A} / {@code x < A} backward, {@code x >= A or x < A} /
 * {@code x > A or x < A} around (the {@code <} side may come first), then {@code and f == v} filters.
 */
record BrowseQuery(String anchor, boolean forward, boolean backward, boolean includeAnchor, Map<Integer, String> filter,
        List<CqlNode> conditions) {
    static final String INVALID = "Invalid CQL query for browsing.";

    boolean around() {
        return forward && backward;
    }

    /** Filter field → index of the entry part it compares (BrowseEntries' term layout), per kind. */
    static Map<String, Integer> filters(BrowseEntries.Kind kind) {
        return switch (kind) {
            case CALL_NUMBER -> Map.of("callNumberTypeId", 4);
            case CLASSIFICATION -> Map.of("classificationTypeId", 1);
            case SUBJECT -> Map.of("authorityId", 1, "sourceId", 2, "typeId", 3);
            case CONTRIBUTOR -> Map.of("contributorNameTypeId", 1, "authorityId", 2);
        };
    }

    static BrowseQuery parse(BrowseEntries.Kind kind, String cql) {
        return parse(kind.anchorField, filters(kind), cql);
    }

    /**
     * As {@link #parse(BrowseEntries.Kind, String)} for any anchor field. With {@code filters} null, every other
     * AND-ed part of the query is kept as it is in {@link #conditions} (authority browse: any authority CQL filter,
     * such as the MARC authority app's {@code headingType==("Personal Name" or …)}).
     */
    static BrowseQuery parse(String anchorField, Map<String, Integer> filters, String cql) {
        CqlNode root = CqlParser.parse(cql).root();
        List<CqlNode> conjuncts = new ArrayList<>();
        flattenAnd(root, conjuncts);
        CqlNode range = null;
        Map<Integer, String> filter = new LinkedHashMap<>();
        List<CqlNode> conditions = new ArrayList<>();
        for (CqlNode n : conjuncts) {
            if (isRange(anchorField, n)) {
                if (range != null) throw invalid(cql);
                range = n;
            } else if (filters == null) {
                conditions.add(n);
            } else if (n instanceof CqlClause c && c.index() != null && !c.index().equals(anchorField)
                    && (c.relation().equals("==") || c.relation().equals("="))) {
                Integer part = filters.get(c.index());
                if (part == null) {
                    throw new InvalidSearch(CqlTranslator.INVALID_FIELD, c.index(), c.term());
                }
                filter.put(part, c.term());
            } else {
                throw invalid(cql);
            }
        }
        if (range == null) throw invalid(cql);
        if (range instanceof CqlClause c) {
            boolean fwd = c.relation().startsWith(">");
            return new BrowseQuery(c.term(), fwd, !fwd, c.relation().endsWith("="), filter, conditions);
        }
        CqlBoolean or = (CqlBoolean) range;
        CqlClause a = (CqlClause) or.left();
        CqlClause b = (CqlClause) or.right();
        CqlClause up = a.relation().startsWith(">") ? a : b;
        CqlClause down = up == a ? b : a;
        if (!up.relation().startsWith(">") || !down.relation().equals("<")) throw invalid(cql);
        if (!up.term().equals(down.term())) {
            throw new InvalidSearch(INVALID + " Anchors must be the same in range conditions.", "query", cql);
        }
        return new BrowseQuery(up.term(), true, true, up.relation().equals(">="), filter, conditions);
    }

    private static void flattenAnd(CqlNode n, List<CqlNode> out) {
        if (n instanceof CqlBoolean b && b.op().equals("and")) {
            flattenAnd(b.left(), out);
            flattenAnd(b.right(), out);
        } else {
            out.add(n);
        }
    }

    private static boolean isRange(String anchorField, CqlNode n) {
        return switch (n) {
            case CqlClause c -> anchorField.equals(c.index()) // a bare term (no index) is no anchor
                    && List.of(">=", ">", "<=", "<").contains(c.relation());
            case CqlBoolean b -> b.op().equals("or") && isRange(anchorField, b.left()) && isRange(anchorField, b.right())
                    && b.left() instanceof CqlClause && b.right() instanceof CqlClause;
        };
    }

    private static InvalidSearch invalid(String cql) {
        return new InvalidSearch(INVALID, "query", cql);
    }
}
