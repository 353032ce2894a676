package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.cql.CqlBoolean;
import org.quire.platform.cql.CqlClause;
import org.quire.platform.cql.CqlException;
import org.quire.platform.cql.CqlNode;
import org.quire.platform.cql.CqlParser;
import org.quire.platform.cql.CqlQuery;
import org.quire.platform.cql.SortKey;
import org.quire.platform.domain.InvalidInput;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The CQL of {@code /perms/permissions?query=}, evaluated over the permission objects in memory: Quire's permissions
 * are a few hundred names held in memory, not a table. mod-permissions runs the query through RMB's CQL2PgJSON over
 * its jsonb, so any property can be queried: {@code visible==true}, {@code mutable==false},
 * {@code permissionName==ui-users.*}, {@code subPermissions=users.collection.get}, {@code cql.allRecords=1},
 * {@code sortby displayName}. As there, a property a permission does not have matches nothing, an array matches when
 * one element does, matching ignores case, {@code *} and {@code ?} mask, and {@code =} on a text of several words
 * matches when every word of the term is among them
 * (punctuation separates words). Malformed CQL and relations other than =, ==, <>, any, all are
 * 400s.
 */
final class PermissionQuery {
    private PermissionQuery() {
    }

    static List<ObjectNode> filter(List<ObjectNode> permissions, String cql) {
        CqlQuery q;
        try {
            q = CqlParser.parse(cql);
        } catch (CqlException e) {
            throw new InvalidInput(e.getMessage());
        }
        List<ObjectNode> out = new ArrayList<>();
        for (ObjectNode p : permissions) if (matches(q.root(), p)) out.add(p);
        Comparator<ObjectNode> order = null;
        for (SortKey k : q.sortKeys()) {
            Comparator<ObjectNode> c = Comparator.comparing(p -> text(p.get(k.index())), String.CASE_INSENSITIVE_ORDER);
            if (k.descending()) c = c.reversed();
            order = order == null ? c : order.thenComparing(c);
        }
        if (order != null) out.sort(order);
        return out;
    }

    private static boolean matches(CqlNode node, ObjectNode p) {
        return switch (node) {
            case CqlBoolean b -> switch (b.op()) {
                case "and" -> matches(b.left(), p) && matches(b.right(), p);
                case "or" -> matches(b.left(), p) || matches(b.right(), p);
                case "not" -> matches(b.left(), p) && !matches(b.right(), p);
                default -> throw new InvalidInput("CQL: the boolean operator " + b.op() + " is not supported");
            };
            case CqlClause c -> clause(c, p);
        };
    }

    private static boolean clause(CqlClause c, ObjectNode p) {
        String index = c.index();
        if (index != null && index.equalsIgnoreCase("cql.allRecords")) return true;
        if (index == null || index.equalsIgnoreCase("cql.serverChoice")) {
            return value(p.get("permissionName"), "=", c.term()) || value(p.get("displayName"), "=", c.term());
        }
        String relation = c.relation();
        if (!List.of("=", "==", "<>", "any", "all").contains(relation))
            throw new InvalidInput("CQL: the relation " + relation + " is not supported for permissions");
        JsonNode v = p.get(index);
        if (relation.equals("<>")) return v != null && !value(v, "==", c.term());
        return value(v, relation, c.term());
    }

    private static boolean value(JsonNode v, String relation, String term) {
        if (v == null || v.isNull()) return false;
        if (v.isArray()) {
            for (JsonNode e : v) if (value(e, relation, term)) return true;
            return false;
        }
        if (v.isObject()) return false;
        String text = v.asText();
        if (pattern(term).matcher(text).matches()) return true;
        if (relation.equals("==")) return false;
        // Words as a full-text match sees them: punctuation separates ("Check in: All" has the word "in").
        List<String> words = List.of(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"));
        String[] termWords = term.trim().split("[^\\p{L}\\p{N}*?\\\\]+");
        boolean any = false;
        boolean all = true;
        for (String w : termWords) {
            if (w.isEmpty()) continue;
            Pattern tw = pattern(w);
            boolean found = words.stream().anyMatch(x -> tw.matcher(x).matches());
            any |= found;
            all &= found;
        }
        return relation.equals("any") ? any : all;
    }

    /** A CQL term as a case-insensitive pattern: unescaped * and ? mask, a backslash makes the next character literal. */
    private static Pattern pattern(String term) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < term.length(); i++) {
            char ch = term.charAt(i);
            if (ch == '\\' && i + 1 < term.length()) re.append(Pattern.quote(String.valueOf(term.charAt(++i))));
            else if (ch == '*') re.append(".*");
            else if (ch == '?') re.append('.');
            else re.append(Pattern.quote(String.valueOf(ch)));
        }
        return Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL);
    }

    private static String text(JsonNode v) {
        return v == null || v.isNull() ? "" : v.isArray() || v.isObject() ? v.toString() : v.asText();
    }
}
