package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.platform.Json;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;
import static org.quire.Refusals.assertRefused;

/**
 * Every refusal of renew-by-barcode and renew-by-id with FOLIO's message, code and parameter (mod-circulation's
 * RenewByBarcodeResource, RenewByIdResource, RenewalValidator and the loan policy's refusals). Each test that depends
 * on the rules puts them.
 */
class RenewalRefusalsTest {
    static Api.Session s;
    static RequestFixtures rq;
    static String rolling;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("renewal_refusals");
        rq = new RequestFixtures(s, "rnr");
        rolling = LoanPolicyBuilder.named("Three weeks").create(s);
        RulesText.fallback(rolling).put(s);
    }

    static String id(JsonNode record) {
        return record.path("id").asText();
    }

    static Api.Reply renew(JsonNode item, JsonNode user) {
        return s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", RequestFixtures.barcode(item))
                .put("userBarcode", RequestFixtures.barcode(user)));
    }

    /** An item of this material type lent now to a new patron; answers {item, user}. */
    static JsonNode[] lent(String materialType) {
        ObjectNode item = rq.item(materialType), user = rq.patron();
        rq.checkOut(item, user);
        return new JsonNode[]{item, user};
    }

    @Test
    void bodyWithoutItemOrUser() {
        assertRefused(s.post("/circulation/renew-by-barcode", Json.object().put("userBarcode", "u")), null,
                "Renewal request must have an item barcode", "itemBarcode", null);
        assertRefused(s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", "i")), null,
                "Renewal request must have a user barcode", "userBarcode", null);
        assertRefused(s.post("/circulation/renew-by-id", Json.object().put("userId", UUID.randomUUID().toString())), null,
                "Renewal request must have an item ID", "itemId", null);
        assertRefused(s.post("/circulation/renew-by-id", Json.object().put("itemId", UUID.randomUUID().toString())), null,
                "Renewal request must have a user ID", "userId", null);
    }

    @Test
    void unknownItemAndUser_byBarcodeAndById() {
        Api.Reply byBarcode = s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", "no-item")
                .put("userBarcode", "no-user"));
        assertRefused(byBarcode, "ITEM_BARCODE_NOT_FOUND", "No item with barcode no-item exists", "itemBarcode", "no-item");
        assertRefused(byBarcode, "USER_BARCODE_NOT_FOUND", "Could not find user with matching barcode", "userBarcode",
                "no-user");
        String item = UUID.randomUUID().toString(), user = UUID.randomUUID().toString();
        Api.Reply byId = s.post("/circulation/renew-by-id", Json.object().put("itemId", item).put("userId", user));
        assertRefused(byId, "ITEM_NOT_FOUND", "No item with ID " + item + " exists", "itemId", item);
        assertRefused(byId, "USER_NOT_FOUND", "Could not find user with matching ID", "userId", user);
    }

    @Test
    void noOpenLoan_orLentToSomeoneElse() {
        ObjectNode item = rq.item(BOOK), user = rq.patron();
        assertRefused(renew(item, user), "LOAN_NOT_FOUND", "No open loan for item with barcode " + RequestFixtures.barcode(item),
                "itemBarcode", RequestFixtures.barcode(item));
        rq.checkOut(item, rq.patron());
        assertRefused(renew(item, user), "RENEWAL_ITEM_CHECKED_OUT_TO_DIFFERENT_USER",
                "Cannot renew item checked out to different user", "userBarcode", RequestFixtures.barcode(user));
    }

    @Test
    void inactiveBorrower_andManualRenewalBlock() {
        JsonNode[] loan = lent(BOOK);
        ObjectNode user = (ObjectNode) loan[1].deepCopy();
        user.put("active", false);
        assertThat(s.put("/users/" + id(user), user).status()).isEqualTo(204);
        assertThat(s.post("/manualblocks", Json.object().put("userId", id(user)).put("renewals", true)
                .put("type", "Manual").put("desc", "Talk to the desk")).status()).isEqualTo(201);
        Api.Reply r = renew(loan[0], user);
        assertRefused(r, "USER_IS_INACTIVE", "Cannot renew loan when user is inactive or expired", "userBarcode",
                RequestFixtures.barcode(user));
        assertRefused(r, "USER_IS_BLOCKED_MANUALLY", "Patron blocked from renewing", "userBarcode", RequestFixtures.barcode(user));
    }

    @Test
    void rulesNamingAMissingLoanPolicy() {
        JsonNode[] loan = lent(BOOK);
        String missing = UUID.randomUUID().toString();
        assertThat(s.put("/circulation-rules-storage", Json.object().put("rulesAsText", RulesText.fallback(missing).text()))
                .status()).isEqualTo(204);
        try {
            assertRefused(renew(loan[0], loan[1]), "LOAN_POLICY_NOT_FOUND",
                    "Loan policy " + missing + " could not be found, please check circulation rules", "loanPolicyId", missing);
        } finally {
            RulesText.fallback(rolling).put(s);
        }
    }

    @Test
    void policyNowNotLoanable_notRenewable_orAtItsRenewalLimit() {
        String notLoanable = LoanPolicyBuilder.named("Now reference only").notLoanable().create(s);
        String notRenewable = LoanPolicyBuilder.named("No renewals").notRenewable().create(s);
        String none = LoanPolicyBuilder.named("Zero renewals").renewalsAllowed(0).create(s);
        try {
            JsonNode[] a = lent(BOOK), b = lent(BOOK), c = lent(BOOK);
            RulesText.fallback(notLoanable).put(s);
            assertRefused(renew(a[0], a[1]), "ITEM_NOT_LOANABLE", "item is not loanable", "loanPolicyName",
                    "Now reference only");
            RulesText.fallback(notRenewable).put(s);
            assertRefused(renew(b[0], b[1]), "LOAN_NOT_RENEWABLE", "loan is not renewable", "loanPolicyName", "No renewals");
            RulesText.fallback(none).put(s);
            assertRefused(renew(c[0], c[1]), "LOAN_RENEWAL_LIMIT_REACHED", "loan at maximum renewal number",
                    "loanPolicyName", "Zero renewals");
        } finally {
            RulesText.fallback(rolling).put(s);
        }
    }

    /** mod-circulation's RenewalValidator: a Fixed policy may not carry periods for renewals with a pending hold. */
    @Test
    void fixedPolicyWithRenewalPeriods_andAPendingHold() {
        Instant now = Instant.now();
        Api.Reply schedule = s.post("/fixed-due-date-schedule-storage/fixed-due-date-schedules", Json.object()
                .put("name", "Renewal refusals term").set("schedules", Json.array().add(Json.object()
                        .put("from", now.minus(10, ChronoUnit.DAYS).toString())
                        .put("to", now.plus(10, ChronoUnit.DAYS).toString()).put("due", now.plus(20, ChronoUnit.DAYS).toString()))));
        assertThat(schedule.status()).as(schedule.body()).isEqualTo(201);
        String fixed = LoanPolicyBuilder.named("Term with periods").fixed(schedule.json().path("id").asText())
                .renewalPeriod(1, "Weeks").alternateRenewalPeriodForHolds(2, "Days").create(s);
        RulesText.fallback(rolling).rule("m " + DVD, fixed).put(s);
        try {
            JsonNode[] loan = lent(DVD);
            rq.create(RequestFixtures.itemRequest("Hold", loan[0], rq.patron(), CIRC_DESK_1));
            Api.Reply r = renew(loan[0], loan[1]);
            assertRefused(r, "FIXED_LOAN_POLICY_HAS_ALTERNATE_RENEWAL_PERIOD_FOR_HOLDS",
                    "Item's loan policy has fixed profile but alternative renewal period for holds is specified",
                    "loanPolicyName", "Term with periods");
            assertRefused(r, "FIXED_LOAN_POLICY_HAS_RENEWAL_PERIOD",
                    "Item's loan policy has fixed profile but renewal period is specified", "loanPolicyName",
                    "Term with periods");
        } finally {
            RulesText.fallback(rolling).put(s);
        }
    }

    /** renewalBlock overrides: only for a renewal the policy refuses; a date when the policy's would not move it on. */
    @Test
    void overrides_thatMatchNoCase_orNeedANewDueDate() {
        JsonNode[] renewable = lent(BOOK);
        ObjectNode override = Json.object().put("itemBarcode", RequestFixtures.barcode(renewable[0])).put("userBarcode", RequestFixtures.barcode(renewable[1]));
        override.putObject("overrideBlocks").put("comment", "desk").putObject("renewalBlock");
        assertRefused(s.post("/circulation/renew-by-barcode", override), null,
                "Override renewal does not match any of expected cases: item is not loanable, item is not renewable, "
                        + "reached number of renewals limit,renewal date falls outside of the date ranges in the loan "
                        + "policy, items cannot be renewed when there is an active recall request, item is Declared lost, "
                        + "item is Aged to lost, renewal would not change the due date, loan has reminder fees",
                "loanPolicyName", "Three weeks");

        // Lent for three weeks, now renewed from today for a day: the due date would move back.
        String oneDay = LoanPolicyBuilder.named("One day from today").rolling(1, "Days").renewFromSystemDate().create(s);
        RulesText.fallback(oneDay).put(s);
        try {
            JsonNode[] loan = renewable;
            assertRefused(renew(loan[0], loan[1]), "RENEWAL_WOULD_NOT_CHANGE_DUE_DATE",
                    "renewal would not change the due date", "loanPolicyName", "One day from today");
            assertRefused(s.post("/circulation/renew-by-barcode", override), null,
                    "New due date is required when renewal would not change the due date", "dueDate", null);
        } finally {
            RulesText.fallback(rolling).put(s);
        }
    }
}
