package org.quire.circulation;

import org.quire.Api;
import org.quire.platform.Json;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Circulation rules text for tests, built line by line: every line names all five policies, the four other than the
 * loan policy defaulting to FOLIO's reference policies that every tenant has.
 * <pre>RulesText.fallback(rolling).rule("m " + DVD, notLoanable).put(s);</pre>
 */
final class RulesText {
    /** FOLIO's reference request policy "Allow All" (Hold, Page, Recall). */
    static final String ALLOW_ALL_REQUESTS = "334e5a9e-94f9-4673-8d1d-ab552863886b";
    static final String NOTICE_POLICY = "122b3d2b-4788-4f1e-9117-56daa91cb75c";
    static final String OVERDUE_FINE_POLICY = "cd3f6cac-fa17-4079-9fae-2fb28e521412";
    static final String LOST_ITEM_POLICY = "ed892c0e-52e0-4cd9-8133-c0ef07b4a709";

    private final StringBuilder text = new StringBuilder("priority: t, s, c, b, a, m, g\n");

    private RulesText() {
    }

    /** Rules whose fallback lends with {@code loanPolicyId} and allows all requests. */
    static RulesText fallback(String loanPolicyId) {
        return fallback(loanPolicyId, ALLOW_ALL_REQUESTS);
    }

    static RulesText fallback(String loanPolicyId, String requestPolicyId) {
        RulesText rules = new RulesText();
        rules.text.append("fallback-policy: ").append(policies(loanPolicyId, requestPolicyId)).append('\n');
        return rules;
    }

    /** A rule: {@code criteria} such as {@code "m <id>"} or {@code "g <id> + t <id>"}. */
    RulesText rule(String criteria, String loanPolicyId) {
        return rule(criteria, loanPolicyId, ALLOW_ALL_REQUESTS);
    }

    RulesText rule(String criteria, String loanPolicyId, String requestPolicyId) {
        text.append(criteria).append(": ").append(policies(loanPolicyId, requestPolicyId)).append('\n');
        return this;
    }

    private static String policies(String loan, String request) {
        return "l " + loan + " r " + request + " n " + NOTICE_POLICY + " o " + OVERDUE_FINE_POLICY + " i " + LOST_ITEM_POLICY;
    }

    String text() {
        return text.toString();
    }

    /** Makes these the tenant's rules through /circulation/rules. */
    void put(Api.Session s) {
        Api.Reply r = s.put("/circulation/rules", Json.object().put("rulesAsText", text()));
        assertThat(r.status()).as(r.body()).isEqualTo(204);
    }
}
