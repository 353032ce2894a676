package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * Automated patron blocks (mod-patron-blocks' conditions and limits), computed in the check-out's, renewal's and
 * request's own transaction, in a tenant of their own.
 */
class PatronBlocksTest {
    static final String CHARGED_OUT = "3d7c52dc-c732-4223-8bf8-e5917801386f";
    static final String LOST = "72b67965-5b73-4840-bc0b-be8f3f6e047e";
    static final String OVERDUE = "584fbd4f-6a34-4730-a6ca-73a6a6a9d845";
    static final String OVERDUE_RECALLS = "e5b45031-a202-4abb-917b-e1df9346fe2c";
    static final String RECALL_DAYS = "08530ac4-07f2-48e6-9dda-a97bc2bf7053";
    static final String FEE_FINE = "cf7a0d5f-a327-4ca1-aa9e-dc55ec006b8a";
    static final String TENANT = "patron_blocks";

    static Api.Session s;
    static int serial;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant(TENANT);
        Api.Reply p = s.post("/loan-policy-storage/loan-policies", Json.object().put("name", "One week").put("loanable", true)
                .put("renewable", true).set("loansPolicy", Json.object().put("profileId", "Rolling")
                        .set("period", Json.object().put("duration", 1).put("intervalId", "Weeks"))));
        assertThat(p.status()).as(p.body()).isEqualTo(201);
        ObjectNode policy = (ObjectNode) p.json();
        policy.putObject("renewalsPolicy").put("unlimited", true);
        ((ObjectNode) policy.path("loansPolicy")).putObject("gracePeriod").put("duration", 1).put("intervalId", "Hours");
        assertThat(s.put("/loan-policy-storage/loan-policies/" + policy.path("id").asText(), policy).status()).isEqualTo(204);
        String rules = "priority: t, s, c, b, a, m, g\nfallback-policy: l " + policy.path("id").asText()
                + " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c"
                + " o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709\n";
        assertThat(s.put("/circulation/rules", Json.object().put("rulesAsText", rules)).status()).isEqualTo(204);

        condition(CHARGED_OUT, true, true, false, "Too many items charged out");
        condition(LOST, true, true, true, "Please return or pay for lost items");
        condition(OVERDUE, true, false, false, "Too many overdue items"); // borrowing only
        condition(OVERDUE_RECALLS, true, true, true, "Overdue recalls");
        condition(RECALL_DAYS, true, true, true, "Recall overdue too long");
        condition(FEE_FINE, true, true, true, "Fines too high");
    }

    static void condition(String id, boolean borrowing, boolean renewals, boolean requests, String message) {
        ObjectNode c = (ObjectNode) s.get("/patron-block-conditions/" + id).json();
        c.put("blockBorrowing", borrowing).put("blockRenewals", renewals).put("blockRequests", requests).put("message", message);
        Api.Reply r = s.put("/patron-block-conditions/" + id, c);
        assertThat(r.status()).as(r.body()).isEqualTo(204);
    }

    static String group() {
        Api.Reply r = s.post("/groups", Json.object().put("group", "blocks-" + (++serial)));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static void limit(String group, String condition, double value) {
        Api.Reply r = s.post("/patron-block-limits", Json.object().put("patronGroupId", group).put("conditionId", condition)
                .put("value", value));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
    }

    static String patron(String group) {
        String barcode = "pb-u" + (++serial);
        Fixtures.patron(s, barcode, group, true);
        return barcode;
    }

    static ObjectNode item() {
        return Fixtures.item(s, "pb-i" + (++serial), BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
    }

    static Api.Reply checkOut(String item, String user) {
        return s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item, user));
    }

    static String borrow(String user) {
        String barcode = item().path("barcode").asText();
        Api.Reply r = checkOut(barcode, user);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return barcode;
    }

    /** A loan made a month ago with a one-week period: two weeks overdue. */
    static String borrowOverdue(String user) {
        String barcode = item().path("barcode").asText();
        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(barcode, user)
                .put("loanDate", Instant.now().minus(30, ChronoUnit.DAYS).toString()));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(Instant.parse(r.json().path("dueDate").asText())).isBefore(Instant.now());
        return barcode;
    }

    static Api.Reply renew(String item, String user) {
        return s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", item).put("userBarcode", user));
    }

    static void assertBlocked(Api.Reply r, String... messages) {
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        List<String> got = new ArrayList<>();
        for (JsonNode e : r.json().path("errors")) {
            assertThat(e.path("code").asText()).isEqualTo("USER_IS_BLOCKED_AUTOMATICALLY");
            assertThat(e.path("parameters")).isEmpty();
            got.add(e.path("message").asText());
        }
        assertThat(got).containsExactly(messages);
    }

    static JsonNode blocksOf(String barcode) {
        String id = s.get("/users", "barcode==" + barcode).json().path("users").get(0).path("id").asText();
        Api.Reply r = s.get("/automated-patron-blocks/" + id);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().path("automatedPatronBlocks");
    }

    static void declareLost(String barcode) {
        ObjectNode item = (ObjectNode) s.get("/item-storage/items", "barcode==" + barcode).json().path("items").get(0);
        item.putObject("status").put("name", "Declared lost");
        Api.Reply r = s.put("/item-storage/items/" + item.path("id").asText(), item);
        assertThat(r.status()).as(r.body()).isEqualTo(204);
    }

    // ---- conditions and limits ----------------------------------------------------------------------------------

    @Test
    void theSixConditions_areSeededWithFolioIdsNamesAndValueTypes() {
        JsonNode all = s.get("/patron-block-conditions?limit=100").json();
        assertThat(all.path("totalRecords").asInt()).isEqualTo(6);
        List<String> rows = new ArrayList<>();
        all.path("patronBlockConditions").forEach(c -> rows.add(c.path("id").asText() + " " + c.path("name").asText()
                + " " + c.path("valueType").asText()));
        assertThat(rows).containsExactlyInAnyOrder(
                CHARGED_OUT + " Maximum number of items charged out Integer",
                LOST + " Maximum number of lost items Integer",
                OVERDUE + " Maximum number of overdue items Integer",
                OVERDUE_RECALLS + " Maximum number of overdue recalls Integer",
                RECALL_DAYS + " Recall overdue by maximum number of days Integer",
                FEE_FINE + " Maximum outstanding fee/fine balance Double");
        JsonNode one = s.get("/patron-block-conditions/" + OVERDUE).json();
        assertThat(one.path("message").asText()).isEqualTo("Too many overdue items");
        assertThat(one.path("blockBorrowing").asBoolean()).isTrue();
        assertThat(one.path("blockRenewals").asBoolean()).isFalse();
        assertThat(s.get("/patron-block-conditions", "blockRenewals==false").json().path("totalRecords").asInt()).isEqualTo(1);
        // A fresh tenant starts with nothing blocked and no messages, as FOLIO's reference data.
        Api.Session fresh = Fixtures.tenant("patron_blocks_fresh");
        fresh.get("/patron-block-conditions?limit=100").json().path("patronBlockConditions").forEach(c -> {
            assertThat(c.path("blockBorrowing").asBoolean() || c.path("blockRenewals").asBoolean()
                    || c.path("blockRequests").asBoolean()).isFalse();
            assertThat(c.path("message").asText()).isEmpty();
        });
    }

    @Test
    void conditionUpdates_areValidatedWithFoliosMessages_andKeepTheFixedName() {
        ObjectNode c = (ObjectNode) s.get("/patron-block-conditions/" + FEE_FINE).json();
        c.put("message", " ");
        Api.Reply noMessage = s.put("/patron-block-conditions/" + FEE_FINE, c);
        assertThat(noMessage.status()).isEqualTo(422);
        JsonNode e = noMessage.json().path("errors").get(0);
        assertThat(e.path("code").asText()).as("RMB's ValidationHelper code").isEqualTo("-1");
        assertThat(e.path("message").asText())
                .isEqualTo("Message to be displayed is a required field if one or more blocked actions selected");
        assertThat(e.path("parameters").get(0).path("key").asText()).isEqualTo("patron block condition id");
        assertThat(e.path("parameters").get(0).path("value").asText()).isEqualTo(FEE_FINE);

        c.put("message", "Fines too high").put("blockBorrowing", false).put("blockRenewals", false).put("blockRequests", false);
        Api.Reply noAction = s.put("/patron-block-conditions/" + FEE_FINE, c);
        assertThat(noAction.status()).isEqualTo(422);
        assertThat(noAction.json().path("errors").get(0).path("message").asText())
                .isEqualTo("One or more blocked actions must be selected for message to be displayed to be used");
        assertThat(noAction.json().path("errors").get(0).path("code").asText()).isEqualTo("-1");

        c.put("blockBorrowing", true).put("blockRenewals", true).put("blockRequests", true).put("name", "Renamed");
        assertThat(s.put("/patron-block-conditions/" + FEE_FINE, c).status()).isEqualTo(204);
        assertThat(s.get("/patron-block-conditions/" + FEE_FINE).json().path("name").asText())
                .isEqualTo("Maximum outstanding fee/fine balance");

        String unknown = UUID.randomUUID().toString();
        assertThat(s.put("/patron-block-conditions/" + unknown, c.put("id", unknown)).status()).isEqualTo(404);
        assertThat(s.get("/patron-block-conditions/" + unknown).status()).isEqualTo(404);
        // The six conditions are fixed.
        assertThat(s.post("/patron-block-conditions", c).status()).isIn(404, 405);
        assertThat(s.delete("/patron-block-conditions/" + FEE_FINE).status()).isIn(404, 405);
    }

    @Test
    void limits_areValidatedWithFoliosMessages() {
        String g = group();
        assertLimitRejected(g, CHARGED_OUT, -1, "Must be blank or an integer from 0 to 999999", "-1.0");
        assertLimitRejected(g, OVERDUE, 1.5, "Must be blank or an integer from 0 to 999999", "1.5");
        assertLimitRejected(g, LOST, 1_000_000, "Must be blank or an integer from 0 to 999999", "1000000.0");
        assertLimitRejected(g, FEE_FINE, 1_000_000, "Must be blank or a number from 0.00 to 999999.99", "1000000.0");
        assertLimitRejected(g, FEE_FINE, -0.01, "Must be blank or a number from 0.00 to 999999.99", "-0.01");

        Api.Reply missing = s.post("/patron-block-limits", Json.object().put("conditionId", LOST).put("value", 1));
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().path("errors").get(0).path("parameters").get(0).path("key").asText()).isEqualTo("patronGroupId");

        Api.Reply money = s.post("/patron-block-limits", Json.object().put("patronGroupId", g).put("conditionId", FEE_FINE)
                .put("value", 12.34));
        assertThat(money.status()).as(money.body()).isEqualTo(201);
        assertThat(money.json().path("value").asDouble()).isEqualTo(12.34);
        // A second limit for the same group and condition is accepted, as mod-patron-blocks accepts it (no unique
        // index, no check in PatronBlockLimitsAPI).
        Api.Reply second = s.post("/patron-block-limits", Json.object().put("patronGroupId", g).put("conditionId", FEE_FINE)
                .put("value", 5));
        assertThat(second.status()).as(second.body()).isEqualTo(201);
        assertThat(s.delete("/patron-block-limits/" + second.json().path("id").asText()).status()).isEqualTo(204);

        String id = money.json().path("id").asText();
        ObjectNode changed = (ObjectNode) money.json();
        changed.put("value", 99.5);
        assertThat(s.put("/patron-block-limits/" + id, changed).status()).isEqualTo(204);
        assertThat(s.get("/patron-block-limits", "patronGroupId==" + g + " and conditionId==" + FEE_FINE).json()
                .path("patronBlockLimits").get(0).path("value").asDouble()).isEqualTo(99.5);
        assertThat(s.put("/patron-block-limits/" + id, changed.put("value", -3)).status()).isEqualTo(422);
        assertThat(s.delete("/patron-block-limits/" + id).status()).isEqualTo(204);
        assertThat(s.get("/patron-block-limits/" + id).status()).isEqualTo(404);
    }

    static void assertLimitRejected(String group, String condition, double value, String message, String shown) {
        Api.Reply r = s.post("/patron-block-limits", Json.object().put("patronGroupId", group).put("conditionId", condition)
                .put("value", value));
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        JsonNode e = r.json().path("errors").get(0);
        assertThat(e.path("message").asText()).isEqualTo(message);
        assertThat(e.path("code").asText()).as("RMB's ValidationHelper code").isEqualTo("-1");
        assertThat(e.path("parameters").get(0).path("key").asText()).isEqualTo("value");
        assertThat(e.path("parameters").get(0).path("value").asText()).isEqualTo(shown);
    }

    // ---- evaluation and enforcement -----------------------------------------------------------------------------

    @Test
    void itemsChargedOut_blockBorrowingAtTheLimit_andRenewalsAboveIt_andCheckInLiftsTheBlockAtOnce() {
        String g = group();
        limit(g, CHARGED_OUT, 2);
        String u = patron(g);
        String first = borrow(u);
        borrow(u);
        assertThat(blocksOf(u)).hasSize(1);
        JsonNode block = blocksOf(u).get(0);
        assertThat(block.path("patronBlockConditionId").asText()).isEqualTo(CHARGED_OUT);
        assertThat(block.path("blockBorrowing").asBoolean()).isTrue();
        assertThat(block.path("blockRenewals").asBoolean()).isFalse(); // 2 loans do not exceed a limit of 2
        assertThat(block.path("blockRequests").asBoolean()).isFalse();
        assertThat(block.path("message").asText()).isEqualTo("Too many items charged out");

        String third = item().path("barcode").asText();
        assertBlocked(checkOut(third, u), "Too many items charged out");
        Api.Reply renewed = renew(first, u);
        assertThat(renewed.status()).as(renewed.body()).isEqualTo(200);

        // Returning one item lifts the block for the very next check-out: nothing to wait for.
        assertThat(s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(first, CIRC_DESK_1)).status()).isEqualTo(200);
        assertThat(blocksOf(u)).isEmpty();
        assertThat(checkOut(third, u).status()).isEqualTo(201);
    }

    @Test
    void itemsChargedOut_holdsUnderSimultaneousCheckOutsByOnePatron() throws Exception {
        String g = group();
        limit(g, CHARGED_OUT, 2);
        String u = patron(g);
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 8; i++) items.add(item().path("barcode").asText());
        assertThat(CheckOutRace.statuses(items, b -> checkOut(b, u).status()))
                .containsOnly(201, 422).filteredOn(st -> st == 201).hasSize(2);
        assertThat(blocksOf(u)).extracting(b -> b.path("patronBlockConditionId").asText()).containsExactly(CHARGED_OUT);
    }

    @Test
    void patronBlockOverride_needsThePermissionAndAComment() {
        String g = group();
        limit(g, CHARGED_OUT, 1);
        String u = patron(g);
        String first = borrow(u);
        String next = item().path("barcode").asText();
        ObjectNode override = Fixtures.checkOut(next, u);
        override.putObject("overrideBlocks").put("comment", "Visiting scholar").putObject("patronBlock");

        Api.Session clerk = clerk("circulation.check-out-by-barcode.post");
        assertBlocked(clerk.post("/circulation/check-out-by-barcode", Fixtures.checkOut(next, u)), "Too many items charged out");
        Api.Reply denied = clerk.post("/circulation/check-out-by-barcode", override);
        assertThat(denied.status()).isEqualTo(422);
        JsonNode e = denied.json().path("errors").get(0);
        assertThat(e.path("message").asText()).isEqualTo("Missing permissions to override");
        assertThat(e.path("code").asText()).isEqualTo("INSUFFICIENT_OVERRIDE_PERMISSIONS");
        assertThat(e.path("parameters").get(0).path("value").asText()).isEqualTo("circulation.override-patron-block.post");

        ObjectNode noComment = override.deepCopy();
        ((ObjectNode) noComment.get("overrideBlocks")).remove("comment");
        assertThat(s.post("/circulation/check-out-by-barcode", noComment).json().path("errors").get(0).path("message")
                .asText()).isEqualTo("Override should be performed with the comment specified");

        Api.Reply ok = s.post("/circulation/check-out-by-barcode", override);
        assertThat(ok.status()).as(ok.body()).isEqualTo(201);
        assertThat(ok.json().path("action").asText()).isEqualTo("checkedOutThroughOverride");
        assertThat(ok.json().path("actionComment").asText()).isEqualTo("Visiting scholar");

        // Now 2 loans exceed the limit of 1: renewals are blocked too (and renewal has no override).
        assertBlocked(renew(first, u), "Too many items charged out");
    }

    static Api.Session clerk(String... permissions) {
        String id = UUID.randomUUID().toString(), name = "clerk" + (++serial);
        assertThat(s.post("/users", Json.object().put("id", id).put("username", name).put("active", true)
                .put("type", "staff")).status()).isEqualTo(201);
        assertThat(s.post("/authn/credentials", Json.object().put("userId", id).put("password", "pw")).status()).isEqualTo(201);
        var perms = Json.array();
        for (String p : permissions) perms.add(p);
        assertThat(s.post("/perms/users", Json.object().put("userId", id).set("permissions", perms)).status()).isEqualTo(201);
        return TestServer.api().login(TENANT, name, "pw");
    }

    @Test
    void overdueItems_blockBorrowingAboveTheLimit_butNotRenewals_asConfigured() {
        String g = group();
        limit(g, OVERDUE, 1);
        String u = patron(g);
        borrowOverdue(u);
        String current = borrow(u);          // 1 overdue does not exceed 1
        assertThat(blocksOf(u)).isEmpty();
        borrowOverdue(u);                     // still allowed: the count is taken before this loan
        assertBlocked(checkOut(item().path("barcode").asText(), u), "Too many overdue items");
        JsonNode block = blocksOf(u).get(0);
        assertThat(block.path("patronBlockConditionId").asText()).isEqualTo(OVERDUE);
        assertThat(block.path("blockRenewals").asBoolean()).isFalse();
        assertThat(renew(current, u).status()).isEqualTo(200);
    }

    @Test
    void feeFineBalance_blocksAboveTheAmount_andPayingLiftsIt() {
        String g = group();
        limit(g, FEE_FINE, 10);
        String u = patron(g);
        String userId = s.get("/users", "barcode==" + u).json().path("users").get(0).path("id").asText();
        String owner = s.post("/owners", Json.object().put("owner", "Fines " + (++serial))).json().path("id").asText();
        String tenDollars = account(userId, owner, "10.00");
        assertThat(blocksOf(u)).isEmpty();                 // 10.00 does not exceed 10
        account(userId, owner, "0.50");
        assertBlocked(checkOut(item().path("barcode").asText(), u), "Fines too high");
        Api.Reply paid = s.post("/accounts/" + tenDollars + "/pay", Json.object().put("amount", "10.00")
                .put("paymentMethod", "Cash").put("notifyPatron", false).put("servicePointId", CIRC_DESK_1)
                .put("userName", "Admin, Diku"));
        assertThat(paid.status()).as(paid.body()).isEqualTo(201);
        assertThat(checkOut(item().path("barcode").asText(), u).status()).isEqualTo(201);
    }

    @Test
    void overdueRecalls_countLoansARecallShortenedOnceTheirDueDateHasPassed() {
        String g = group();
        limit(g, OVERDUE_RECALLS, 0);
        String u = patron(g);
        String recalled = borrow(u);
        assertThat(blocksOf(u)).isEmpty();
        recalledAndLate(recalled, Duration.ofDays(3));
        assertBlocked(checkOut(item().path("barcode").asText(), u), "Overdue recalls");
        assertBlocked(renew(recalled, u), "Overdue recalls");
    }

    @Test
    void recallOverdueDays_countADayBegunAsADay_andBlockOnlyAboveTheLimit() {
        String g = group();
        limit(g, RECALL_DAYS, 5);
        String u = patron(g);
        String recalled = borrow(u);
        borrowOverdue(u);                              // overdue, but not recalled: never counts here
        recalledAndLate(recalled, Duration.ofDays(4).plusHours(12));
        assertThat(blocksOf(u)).as("4.5 days late counts as 5, within a limit of 5").isEmpty();
        assertThat(checkOut(item().path("barcode").asText(), u).status()).isEqualTo(201);
        recalledAndLate(recalled, Duration.ofDays(5).plusHours(2));
        JsonNode block = blocksOf(u).get(0);
        assertThat(block.path("patronBlockConditionId").asText()).isEqualTo(RECALL_DAYS);
        assertThat(block.path("message").asText()).isEqualTo("Recall overdue too long");
        assertBlocked(checkOut(item().path("barcode").asText(), u), "Recall overdue too long");
    }

    @Test
    void aLoanWithinItsLoanPolicysGracePeriod_isNotOverdue() {
        String g = group();
        limit(g, OVERDUE, 0);
        limit(g, OVERDUE_RECALLS, 0);
        String u = patron(g);
        String barcode = borrow(u);
        recalledAndLate(barcode, Duration.ofMinutes(50));   // the policy's grace period is one hour
        assertThat(blocksOf(u)).isEmpty();
        recalledAndLate(barcode, Duration.ofMinutes(70));
        assertThat(blocksOf(u)).extracting(b -> b.path("patronBlockConditionId").asText())
                .containsExactly(OVERDUE, OVERDUE_RECALLS);
    }

    @Test
    void feesOfAClaimedReturnedLoan_doNotCountTowardsTheBalance() {
        String g = group();
        limit(g, FEE_FINE, 5);
        String u = patron(g);
        String barcode = borrow(u);
        JsonNode loan = loanOf(barcode);
        String userId = loan.path("userId").asText();
        String owner = s.post("/owners", Json.object().put("owner", "Fines " + (++serial))).json().path("id").asText();
        ObjectNode fee = accountJson(userId, owner, "10.00").put("loanId", loan.path("id").asText());
        assertThat(s.post("/accounts", fee).status()).isEqualTo(201);
        assertBlocked(checkOut(item().path("barcode").asText(), u), "Fines too high");
        Api.Reply claim = s.post("/circulation/loans/" + loan.path("id").asText() + "/claim-item-returned",
                Json.object().put("itemClaimedReturnedDateTime", Instant.now().toString()));
        assertThat(claim.status()).as(claim.body()).isEqualTo(204);
        assertThat(blocksOf(u)).isEmpty();
        account(userId, owner, "6.00");                // a fee of its own still counts
        assertBlocked(checkOut(item().path("barcode").asText(), u), "Fines too high");
    }

    static JsonNode loanOf(String itemBarcode) {
        return s.get("/circulation/loans", "itemId==" + s.get("/item-storage/items", "barcode==" + itemBarcode).json()
                .path("items").get(0).path("id").asText()).json().path("loans").get(0);
    }

    /** What a recall leaves on the open loan of this item, with its shortened due date {@code late} in the past. */
    static void recalledAndLate(String itemBarcode, Duration late) {
        ObjectNode loan = (ObjectNode) loanOf(itemBarcode);
        loan.put("dueDate", Instant.now().minus(late).toString()).put("dueDateChangedByRecall", true);
        for (String extended : List.of("item", "borrower", "loanPolicy", "overdueFinePolicy", "lostItemPolicy",
                "checkoutServicePoint", "checkinServicePoint")) loan.remove(extended);
        Api.Reply put = s.put("/loan-storage/loans/" + loan.path("id").asText(), loan);
        assertThat(put.status()).as(put.body()).isEqualTo(204);
    }

    static String account(String userId, String ownerId, String amount) {
        Api.Reply r = s.post("/accounts", accountJson(userId, ownerId, amount));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static ObjectNode accountJson(String userId, String ownerId, String amount) {
        ObjectNode a = Json.object().put("amount", new java.math.BigDecimal(amount))
                .put("remaining", new java.math.BigDecimal(amount)).put("userId", userId).put("ownerId", ownerId)
                .put("feeFineId", "9523cb96-e752-40c2-89da-60f3961a488d").put("feeFineType", "Overdue fine");
        a.putObject("status").put("name", "Open");
        a.putObject("paymentStatus").put("name", "Outstanding");
        return a;
    }

    @Test
    void lostItems_blockBorrowingAndRenewalsAboveTheLimit() {
        String g = group();
        limit(g, LOST, 0);
        String u = patron(g);
        String kept = borrow(u);
        String lost = borrow(u);
        assertThat(blocksOf(u)).isEmpty();    // open loans, nothing lost
        declareLost(lost);
        JsonNode block = blocksOf(u).get(0);
        assertThat(block.path("patronBlockConditionId").asText()).isEqualTo(LOST);
        assertThat(block.path("blockBorrowing").asBoolean() && block.path("blockRenewals").asBoolean()
                && block.path("blockRequests").asBoolean()).isTrue();
        assertBlocked(checkOut(item().path("barcode").asText(), u), "Please return or pay for lost items");
        assertBlocked(renew(kept, u), "Please return or pay for lost items");
    }

    @Test
    void requests_areRefusedByAConditionThatBlocksRequests_only() {
        String lostGroup = group(), overdueGroup = group();
        limit(lostGroup, LOST, 0);           // blocks requests too
        limit(overdueGroup, OVERDUE, 0);     // borrowing only
        String lostOne = patron(lostGroup), lateOne = patron(overdueGroup);
        declareLost(borrow(lostOne));
        borrowOverdue(lateOne);

        assertBlocked(page(lostOne), "Please return or pay for lost items");
        Api.Reply allowed = page(lateOne);
        assertThat(allowed.status()).as(allowed.body()).isEqualTo(201);
    }

    static Api.Reply page(String userBarcode) {
        ObjectNode item = item();
        String userId = s.get("/users", "barcode==" + userBarcode).json().path("users").get(0).path("id").asText();
        return s.post("/circulation/requests", Json.object().put("requestType", "Page").put("requestLevel", "Item")
                .put("itemId", item.path("id").asText()).put("requesterId", userId)
                .put("pickupServicePointId", CIRC_DESK_1).put("fulfillmentPreference", "Hold Shelf")
                .put("requestDate", Instant.now().toString()));
    }

    @Test
    void severalConditions_giveOneErrorEach_inConditionOrder() {
        String g = group();
        limit(g, CHARGED_OUT, 1);
        limit(g, OVERDUE, 0);
        String u = patron(g);
        borrowOverdue(u);
        assertBlocked(checkOut(item().path("barcode").asText(), u), "Too many items charged out", "Too many overdue items");
    }

    @Test
    void limitsApplyOnlyToTheirPatronGroup() {
        String limited = group(), other = group();
        limit(limited, CHARGED_OUT, 1);
        limit(other, OVERDUE_RECALLS, 0);
        limit(other, RECALL_DAYS, 0);
        limit(other, FEE_FINE, 0);
        String a = patron(limited), b = patron(other);
        borrow(a);
        borrowOverdue(b);
        borrow(b);
        assertThat(blocksOf(a)).hasSize(1);
        assertThat(blocksOf(b)).isEmpty();
        assertThat(checkOut(item().path("barcode").asText(), b).status()).isEqualTo(201);
        // A user that does not exist has no blocks, as in FOLIO.
        assertThat(s.get("/automated-patron-blocks/" + UUID.randomUUID()).json().path("automatedPatronBlocks")).isEmpty();
    }
}
