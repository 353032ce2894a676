package org.quire.circulation.rules;

/** Test helper to build {@link RuleCriteria} by criterium letter, unset facts stay null. */
final class Facts {
    private String g;
    private String m;
    private String t;
    private String a;
    private String b;
    private String c;
    private String s;

    static Facts facts() {
        return new Facts();
    }

    Facts g(String id) { g = id; return this; }
    Facts m(String id) { m = id; return this; }
    Facts t(String id) { t = id; return this; }
    Facts a(String id) { a = id; return this; }
    Facts b(String id) { b = id; return this; }
    Facts c(String id) { c = id; return this; }
    Facts s(String id) { s = id; return this; }

    RuleCriteria criteria() {
        return new RuleCriteria(g, m, t, a, b, c, s);
    }
}
