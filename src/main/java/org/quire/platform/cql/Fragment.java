package org.quire.platform.cql;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A piece of SQL together with the values for its '?' placeholders, in order. */
record Fragment(String sql, List<Object> params) {

    static final Fragment TRUE = new Fragment("TRUE", List.of());
    static final Fragment FALSE = new Fragment("FALSE", List.of());

    Fragment {
        params = List.copyOf(params);
    }

    static Fragment of(String sql, Object... params) {
        return new Fragment(sql, Arrays.asList(params));
    }

    /** {@code (a OP b OP c)}, or the single part itself; params follow the parts' order. */
    static Fragment join(String op, List<Fragment> parts) {
        if (parts.size() == 1) {
            return parts.getFirst();
        }
        List<String> sql = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        for (Fragment part : parts) {
            sql.add(part.sql());
            params.addAll(part.params());
        }
        return new Fragment("(" + String.join(" " + op + " ", sql) + ")", params);
    }
}
