package org.quire.platform.cql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Translates CQL into a parameterized WHERE/ORDER BY over a resource's typed columns, following the
 * semantics of FOLIO's RMB CQL2PG where a plain column can serve them. Column expressions come only
 * from {@link CqlField#column()}; every user value becomes a bind parameter.
 */
public final class CqlToSql {

    private static final Set<String> ALL_RECORDS = Set.of("cql.allrecords", "allrecords");
    private static final Set<String> SERVER_CHOICE =
            Set.of("cql.serverchoice", "serverchoice", "keywords");

    private CqlToSql() {}

    /** A null or blank query means no restriction and no order. */
    public static SqlWhere translate(String cql, CqlFields fields) {
        if (cql == null || cql.isBlank()) {
            return new SqlWhere("TRUE", List.of(), "");
        }
        return translate(CqlParser.parse(cql), fields);
    }

    public static SqlWhere translate(CqlQuery query, CqlFields fields) {
        Fragment where = node(query.root(), fields);
        return new SqlWhere(where.sql(), where.params(), orderBy(query.sortKeys(), fields));
    }

    private static Fragment node(CqlNode node, CqlFields fields) {
        return switch (node) {
            case CqlClause clause -> clause(clause, fields);
            case CqlBoolean bool -> bool(bool, fields);
        };
    }

    private static Fragment bool(CqlBoolean bool, CqlFields fields) {
        return switch (bool.op()) {
            case "and", "or" -> {
                // flatten left-assoc chains of one operator: (a OR b OR c) instead of ((a OR b) OR c)
                List<Fragment> parts = new ArrayList<>();
                for (CqlNode operand : operands(bool, bool.op())) {
                    parts.add(node(operand, fields));
                }
                yield Fragment.join(bool.op().toUpperCase(Locale.ROOT), parts);
            }
            case "not" -> {
                Fragment left = node(bool.left(), fields);
                Fragment right = node(bool.right(), fields);
                List<Object> params = new ArrayList<>(left.params());
                params.addAll(right.params());
                yield new Fragment("(" + left.sql() + " AND NOT " + right.sql() + ")", params);
            }
            default -> throw new CqlException("Unsupported CQL boolean operator: " + bool.op());
        };
    }

    private static List<CqlNode> operands(CqlNode node, String op) {
        if (node instanceof CqlBoolean bool && bool.op().equals(op)) {
            List<CqlNode> all = new ArrayList<>(operands(bool.left(), op));
            all.addAll(operands(bool.right(), op));
            return all;
        }
        return List.of(node);
    }

    private static Fragment clause(CqlClause clause, CqlFields fields) {
        String index = clause.index();
        Optional<CqlField> field = fields.find(index);
        if (field.isPresent()) {
            return ClauseSql.translate(clause, field.get());
        }
        String special = index == null ? null : index.toLowerCase(Locale.ROOT);
        if (special != null && ALL_RECORDS.contains(special)) {
            return Fragment.TRUE; // cql.allRecords=1, whatever the relation and term
        }
        if (special == null || SERVER_CHOICE.contains(special)) {
            return defaults(clause, fields);
        }
        throw new CqlException("Unsupported CQL index: " + index);
    }

    /** A bare term or cql.serverChoice searches every default field with the same relation. */
    private static Fragment defaults(CqlClause clause, CqlFields fields) {
        if (fields.defaults().isEmpty()) {
            throw new CqlException(
                    "CQL term '" + clause.term() + "' has no index and this resource has no default fields");
        }
        List<Fragment> parts = new ArrayList<>();
        for (CqlField field : fields.defaults()) {
            parts.add(ClauseSql.translate(clause, field));
        }
        return Fragment.join("OR", parts);
    }

    private static String orderBy(List<SortKey> keys, CqlFields fields) {
        List<String> parts = new ArrayList<>();
        for (SortKey key : keys) {
            Optional<CqlField> field = fields.find(key.index());
            String expr;
            if (field.isPresent()) {
                // TEXT compares case-insensitively, so it sorts that way too
                expr = field.get().type() == FieldType.TEXT ? "lower(" + field.get().column() + ")"
                        : field.get().column();
            } else {
                expr = fields.jsonSortExpression(key)
                        .orElseThrow(() -> new CqlException("Unsupported sort index: " + key.index()));
            }
            parts.add(expr + (key.descending() ? " DESC NULLS LAST" : " ASC"));
        }
        return String.join(", ", parts);
    }
}
