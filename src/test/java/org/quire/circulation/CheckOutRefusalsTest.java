package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;
import static org.quire.Refusals.assertRefused;

/**
 * Every refusal of check-out-by-barcode with FOLIO's message, code and parameter (mod-circulation's
 * CheckOutByBarcodeResource validators). Each test puts the circulation rules it needs.
 */
class CheckOutRefusalsTest {
    static Api.Session s;
    static RequestFixtures rq;
    static String rolling, limitOne, notLoanable;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("checkout_refusals");
        rq = new RequestFixtures(s, "cor");
        rolling = LoanPolicyBuilder.named("Three weeks").create(s);
        limitOne = LoanPolicyBuilder.named("One at a time").itemLimit(1).create(s);
        notLoanable = LoanPolicyBuilder.named("Reference only").notLoanable().create(s);
        RulesText.fallback(rolling).put(s);
    }

    static Api.Reply checkOut(ObjectNode body) {
        return s.post("/circulation/check-out-by-barcode", body);
    }

    static String barcode(ObjectNode record) {
        return record.path("barcode").asText();
    }

    static ObjectNode patron(boolean active) {
        return Fixtures.patron(s, rq.next("user"), UNDERGRAD, active);
    }

    @Test
    void withoutServicePoint() {
        ObjectNode body = Fixtures.checkOut(barcode(rq.item(BOOK)), barcode(rq.patron()));
        body.remove("servicePointId");
        assertRefused(checkOut(body), "SERVICE_POINT_IS_NOT_PRESENT", "Check out must be performed at a service point",
                "servicePointId", null);
    }

    @Test
    void unknownUser_andUnknownItem() {
        Api.Reply r = checkOut(Fixtures.checkOut("no-such-item", "no-such-user"));
        assertRefused(r, "USER_BARCODE_NOT_FOUND", "Could not find user with matching barcode", "userBarcode", "no-such-user");
        assertRefused(r, "ITEM_BARCODE_NOT_FOUND", "No item with barcode no-such-item could be found",
                "itemBarcode", "no-such-item");
    }

    @Test
    void inactiveUser() {
        ObjectNode user = patron(false);
        assertRefused(checkOut(Fixtures.checkOut(barcode(rq.item(BOOK)), barcode(user))), "USER_IS_INACTIVE",
                "Cannot check out to inactive user", "userBarcode", barcode(user));
    }

    @Test
    void userWhoseActiveFlagIsUnknown() {
        ObjectNode user = patron(true);
        user.remove("active");
        assertThat(s.put("/users/" + user.path("id").asText(), user).status()).isEqualTo(204);
        Api.Reply r = checkOut(Fixtures.checkOut(barcode(rq.item(BOOK)), barcode(user)));
        assertRefused(r, "USER_IS_INACTIVE", "Cannot determine if user is active or not", "userBarcode", barcode(user));
    }

    @Test
    void manualBorrowingBlock() {
        ObjectNode user = rq.patron();
        assertThat(s.post("/manualblocks", Json.object().put("userId", user.path("id").asText()).put("borrowing", true)
                .put("type", "Manual").put("desc", "Lost the key")).status()).isEqualTo(201);
        assertRefused(checkOut(Fixtures.checkOut(barcode(rq.item(BOOK)), barcode(user))), "USER_IS_BLOCKED_MANUALLY",
                "Patron blocked from borrowing", "userBarcode", barcode(user));
    }

    @Test
    void itemAlreadyCheckedOut_withItsOpenLoan() {
        ObjectNode item = rq.item(BOOK);
        rq.checkOut(item, rq.patron());
        Api.Reply r = checkOut(Fixtures.checkOut(barcode(item), barcode(rq.patron())));
        assertRefused(r, "ITEM_ALREADY_CHECKED_OUT", "Item is already checked out", "itemBarcode", barcode(item));
        assertRefused(r, "ITEM_HAS_OPEN_LOAN", "Cannot check out item that already has an open loan", "itemBarcode",
                barcode(item));
    }

    @Test
    void itemWithAStatusThatCannotBeCheckedOut() {
        ObjectNode item = rq.item(BOOK);
        item.putObject("status").put("name", "Intellectual item");
        assertThat(s.put("/item-storage/items/" + item.path("id").asText(), item).status()).isEqualTo(204);
        assertRefused(checkOut(Fixtures.checkOut(barcode(item), barcode(rq.patron()))), "ITEM_HAS_STATUS",
                "Title of " + barcode(item) + " (book) (Barcode: " + barcode(item)
                        + ") has the item status Intellectual item and cannot be checked out", "itemBarcode", barcode(item));
    }

    @Test
    void rulesNamingAMissingLoanPolicy() {
        String missing = UUID.randomUUID().toString();
        // the storage interface stores rules as they come (mod-circulation-storage does not check the policies)
        Api.Reply put = s.put("/circulation-rules-storage", Json.object().put("rulesAsText",
                RulesText.fallback(missing).text()));
        assertThat(put.status()).as(put.body()).isEqualTo(204);
        try {
            assertRefused(checkOut(Fixtures.checkOut(barcode(rq.item(BOOK)), barcode(rq.patron()))),
                    "LOAN_POLICY_NOT_FOUND", "Loan policy " + missing + " could not be found, please check circulation rules",
                    "loanPolicyId", missing);
        } finally {
            RulesText.fallback(rolling).put(s);
        }
    }

    @Test
    void notLoanable_overrideWithoutDueDate_orWithADueDateBeforeTheLoanDate() {
        RulesText.fallback(rolling).rule("m " + DVD, notLoanable).put(s);
        ObjectNode item = rq.item(DVD), user = rq.patron();
        assertRefused(checkOut(Fixtures.checkOut(barcode(item), barcode(user))), "ITEM_NOT_LOANABLE",
                "Item is not loanable", "loanPolicyName", "Reference only");
        ObjectNode noDate = Fixtures.checkOut(barcode(item), barcode(user));
        noDate.putObject("overrideBlocks").put("comment", "desk").putObject("itemNotLoanableBlock");
        assertRefused(checkOut(noDate), null, "Override should be performed with due date specified");
        ObjectNode early = Fixtures.checkOut(barcode(item), barcode(user));
        String yesterday = Instant.now().minus(1, ChronoUnit.DAYS).toString();
        early.putObject("overrideBlocks").put("comment", "desk").putObject("itemNotLoanableBlock").put("dueDate", yesterday);
        assertThat(assertRefused(checkOut(early), null, "Due date should be later than loan date")
                .path("parameters").get(0).path("key").asText()).isEqualTo("dueDate");
    }

    @Test
    void proxies_unknown_self_inactive_andWithoutRelationship() {
        ObjectNode item = rq.item(BOOK), user = rq.patron();
        ObjectNode unknown = Fixtures.checkOut(barcode(item), barcode(user)).put("proxyUserBarcode", "no-such-proxy");
        assertRefused(checkOut(unknown), "PROXY_USER_BARCODE_NOT_FOUND", "Could not find proxy user with matching barcode",
                "proxyUserBarcode", "no-such-proxy");

        ObjectNode self = Fixtures.checkOut(barcode(item), barcode(user)).put("proxyUserBarcode", barcode(user));
        assertRefused(checkOut(self), "USER_CANNOT_BE_PROXY_FOR_THEMSELVES", "User cannot be proxy for themselves",
                "proxyUserId", user.path("id").asText());

        ObjectNode inactiveProxy = patron(false);
        Api.Reply r = checkOut(Fixtures.checkOut(barcode(item), barcode(user)).put("proxyUserBarcode", barcode(inactiveProxy)));
        assertRefused(r, "PROXY_USER_IS_INACTIVE", "Cannot check out via inactive proxying user", "proxyUserBarcode",
                barcode(inactiveProxy));
        assertRefused(r, "PROXY_RELATIONSHIP_INVALID", "Cannot check out item via proxy when relationship is invalid",
                "proxyUserId", inactiveProxy.path("id").asText());

        ObjectNode unknownActivity = patron(true);
        unknownActivity.remove("active");
        assertThat(s.put("/users/" + unknownActivity.path("id").asText(), unknownActivity).status()).isEqualTo(204);
        assertRefused(checkOut(Fixtures.checkOut(barcode(item), barcode(user)).put("proxyUserBarcode",
                        barcode(unknownActivity))), "PROXY_USER_IS_INACTIVE",
                "Cannot determine if proxying user is active or not", "proxyUserBarcode", barcode(unknownActivity));
    }

    /** One rule per combination the item limit names, each with its own code and wording (FOLIO's ItemLimitValidator). */
    @Test
    void itemLimit_perCombinationOfTheRule() {
        String g = "g " + UNDERGRAD, m = "m " + BOOK, t = "t " + CAN_CIRCULATE;
        record Case(String criteria, String code, String suffix) {
        }
        for (Case c : List.of(
                new Case(g + " + " + m + " + " + t, "ITEM_LIMIT_PATRON_GROUP_MATERIAL_TYPE_LOAN_TYPE",
                        "for combination of patron group, material type and loan type"),
                new Case(g + " + " + m, "ITEM_LIMIT_PATRON_GROUP_MATERIAL_TYPE", "for combination of patron group and material type"),
                new Case(g + " + " + t, "ITEM_LIMIT_PATRON_GROUP_LOAN_TYPE", "for combination of patron group and loan type"),
                new Case(m + " + " + t, "ITEM_LIMIT_MATERIAL_TYPE_LOAN_TYPE", "for combination of material type and loan type"),
                new Case(m, "ITEM_LIMIT_MATERIAL_TYPE", "for material type"),
                new Case(t, "ITEM_LIMIT_LOAN_TYPE", "for loan type"),
                new Case(g, "ITEM_LIMIT_PATRON_GROUP", "for patron group"))) {
            RulesText.fallback(rolling).rule(c.criteria(), limitOne).put(s);
            ObjectNode user = rq.patron();
            rq.checkOut(rq.item(BOOK), user);
            ObjectNode second = rq.item(BOOK);
            assertRefused(checkOut(Fixtures.checkOut(barcode(second), barcode(user))), c.code(),
                    "Patron has reached maximum limit of 1 items " + c.suffix(), "itemBarcode", barcode(second));
        }
        RulesText.fallback(rolling).put(s);
    }
}
