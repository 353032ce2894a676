package org.quire.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The GETs FOLIO's check-out and check-in screens make around the POST (folio-api.md §5.1, from the PTF's Orchid
 * JMeter plan), in the screens' order. Every call is made: one that Quire does not serve (a 404) or answers with an
 * error is a failed request in the report and fails its transaction, so a gap in the API cannot hide.
 */
final class UiCalls {
    /**
     * Placeholders: {U} user id, {B} patron barcode, {I} item barcode, {IID} item id, {L} loan id, {SP} service point,
     * {LIP} lost-item policy.
     */
    record Call(String template) {
        String label() {
            String path = template.replaceAll("\\{[A-Z]+}", "{id}");
            int q = path.indexOf('?');
            return "GET " + (q < 0 ? path : path.substring(0, q) + (path.contains("query=") ? "?query=…" : ""));
        }

        String path() {
            int q = template.indexOf('?');
            return q < 0 ? template : template.substring(0, q);
        }
    }

    record Values(String userId, String userBarcode, String itemBarcode, String itemId, String loanId,
                  String servicePointId, String lostItemPolicyId) {
    }

    private static final String UNDERGRAD = DataSetup.UNDERGRAD;

    private static final List<Call> CHECK_OUT_BEFORE = calls(
            "/configurations/entries?query=(module==CHECKOUT and configName==other_settings)",
            "/configurations/entries?query=(module==USERS and configName==profile_pictures)",
            "/groups",
            "/users?query=(barcode==\"{B}\" or externalSystemId==\"{B}\" or id==\"{B}\" or username==\"{B}\")",
            "/groups?query=(id==" + UNDERGRAD + ")",
            "/accounts?query=(userId=={U} and status.name<>Closed)&limit=100",
            "/circulation/loans?query=(userId=={U} and status.name<>Closed)&limit=1",
            "/circulation/requests?query=(requesterId=={U} and status==\"Open\")&limit=100",
            "/proxiesfor?query=query=(userId=={U})&limit=80",
            "/proxiesfor?query=query=(proxyUserId=={U})&limit=80",
            "/note-links/domain/users/type/user/id/{U}?limit=10000&order=desc&status=assigned",
            "/manualblocks?query=userId=={U}",
            "/automated-patron-blocks/{U}?limit=100",
            "/circulation/requests?query=(requesterId=={U} and pickupServicePointId=={SP} and status==\"Open - Awaiting pickup\")",
            "/inventory/items?query=barcode==\"{I}\"&limit=40");
    private static final List<Call> CHECK_OUT_AFTER = calls(
            "/circulation/loans?query=(userId=={U} and status.name<>Closed)&limit=1",
            "/automated-patron-blocks/{U}?limit=100",
            "/circulation/requests?query=(requesterId=={U} and status==\"Open\")&limit=100");
    private static final List<Call> CHECK_IN_BEFORE = calls(
            "/groups",
            "/users",
            "/staff-slips-storage/staff-slips?limit=1000",
            "/service-points?limit=1000",
            "/configurations/entries?query=(module==CHECKOUT and configName==other_settings)",
            "/inventory/items?query=barcode==\"{I}\"&limit=1000");
    private static final List<Call> CHECK_IN_AFTER = calls(
            "/circulation/requests?query=(itemId=={IID} and (status==\"Open - Awaiting pickup\" or status==\"Open - Awaiting delivery\"))",
            "/accounts?query=loanId==\"{L}\"",
            "/lost-item-fees-policies?query=id=={LIP}",
            "/accounts?query=(userId=={U} and itemId=={IID}) and (status.name==\"Open\" or status.name==\"Closed\")",
            "/accounts?query=(userId=={U} and itemId=={IID} and loanId=={L}) and status.name==\"Open\"");

    static final UiCalls SCREENS = new UiCalls();

    private UiCalls() {
    }

    List<Call> checkOutBefore() {
        return CHECK_OUT_BEFORE;
    }

    List<Call> checkOutAfter() {
        return CHECK_OUT_AFTER;
    }

    List<Call> checkInBefore() {
        return CHECK_IN_BEFORE;
    }

    List<Call> checkInAfter() {
        return CHECK_IN_AFTER;
    }

    /**
     * Makes the calls one after another, as the screens' scripts do; a call whose value is unknown is skipped (the
     * check-in's follow-up calls need the loan the check-in answered with).
     *
     * @return whether every call made succeeded
     */
    boolean run(Measurements m, BenchHttp.Session s, List<Call> calls, Values v) throws InterruptedException {
        boolean ok = true;
        for (Call c : calls) {
            String url = expand(c.template(), v);
            if (url == null) continue;
            BenchHttp.Reply r = Timed.call(m, c.label(), () -> s.get(url));
            ok &= r != null && r.ok();
        }
        return ok;
    }

    List<String> notes() {
        return List.of("--ui-calls: every GET of FOLIO's check-out and check-in screens was made (folio-api.md §5.1); "
                + "a call Quire does not serve counts as a failed request.");
    }

    private static String expand(String template, Values v) {
        String t = template;
        String[][] pairs = {{"{U}", v.userId()}, {"{B}", v.userBarcode()}, {"{I}", v.itemBarcode()}, {"{IID}", v.itemId()}, {"{L}", v.loanId()},
                {"{SP}", v.servicePointId()}, {"{LIP}", v.lostItemPolicyId()}};
        for (String[] p : pairs) {
            if (!t.contains(p[0])) continue;
            if (p[1] == null) return null;
            t = t.replace(p[0], p[1]);
        }
        int q = t.indexOf('?');
        if (q < 0) return t;
        StringBuilder url = new StringBuilder(t.substring(0, q + 1));
        String sep = "";
        for (String param : t.substring(q + 1).split("&")) {
            int eq = param.indexOf('=');
            url.append(sep).append(param, 0, eq + 1).append(BenchHttp.cql(param.substring(eq + 1)));
            sep = "&";
        }
        return url.toString();
    }

    private static List<Call> calls(String... templates) {
        List<Call> list = new ArrayList<>();
        for (String t : templates) list.add(new Call(t));
        return List.copyOf(list);
    }
}
