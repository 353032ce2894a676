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
 * The remaining circulation 422s with FOLIO's message, code and parameter: check-out and check-in bodies, check-in at
 * an unknown service point or of a claimed returned item, due dates a policy cannot give, loan info, patron action
 * sessions, patron block limits.
 */
class CirculationInputRefusalsTest {
    static Api.Session s;
    static RequestFixtures rq;
    static String rolling;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("circulation_input_refusals");
        rq = new RequestFixtures(s, "cir");
        rolling = LoanPolicyBuilder.named("Three weeks").create(s);
        RulesText.fallback(rolling).put(s);
    }

    @Test
    void checkOutAndCheckInBodies_withoutTheirRequiredProperties() {
        ObjectNode out = Fixtures.checkOut("i", "u");
        out.remove("itemBarcode");
        assertRefused(s.post("/circulation/check-out-by-barcode", out), null, "Check out request must have an item barcode",
                "itemBarcode", null);
        ObjectNode noUser = Fixtures.checkOut("i", "u");
        noUser.remove("userBarcode");
        assertRefused(s.post("/circulation/check-out-by-barcode", noUser), null,
                "Check out request must have a user barcode", "userBarcode", null);
        for (String[] missing : new String[][]{{"itemBarcode", "Checkin request must have an item barcode"},
                {"servicePointId", "Checkin request must have a service point id"},
                {"checkInDate", "Checkin request must have an check in date"}}) {
            ObjectNode in = Fixtures.checkIn("i", CIRC_DESK_1);
            in.remove(missing[0]);
            assertRefused(s.post("/circulation/check-in-by-barcode", in), null, missing[1], missing[0], null);
        }
    }

    @Test
    void checkIn_unknownItem_orAtAnUnknownServicePoint() {
        assertRefused(s.post("/circulation/check-in-by-barcode", Fixtures.checkIn("no-such-item", CIRC_DESK_1)),
                "ITEM_BARCODE_NOT_FOUND", "No item with barcode no-such-item exists", "itemBarcode", "no-such-item");
        ObjectNode item = rq.item(BOOK);
        String nowhere = UUID.randomUUID().toString();
        assertRefused(s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(RequestFixtures.barcode(item), nowhere)),
                "SERVICE_POINT_NOT_FOUND", "Service point " + nowhere + " does not exist", "servicePointId", nowhere);
    }

    @Test
    void checkInOfAClaimedReturnedItem_needsAKnownResolution() {
        ObjectNode item = rq.item(BOOK);
        JsonNode loan = rq.checkOut(item, rq.patron());
        assertThat(s.post("/circulation/loans/" + loan.path("id").asText() + "/claim-item-returned", Json.object()
                .put("itemClaimedReturnedDateTime", Instant.now().toString())).status()).isEqualTo(204);
        assertRefused(s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(RequestFixtures.barcode(item), CIRC_DESK_1)),
                "CLAIMED_RETURNED_RESOLUTION_REQUIRED", "Item is claimed returned, a resolution is required to check in",
                "itemBarcode", RequestFixtures.barcode(item));
        assertRefused(s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(RequestFixtures.barcode(item), CIRC_DESK_1)
                        .put("claimedReturnedResolution", "Lost in the post")), null,
                "Claimed returned resolution must be \"Found by library\" or \"Returned by patron\"",
                "claimedReturnedResolution", "Lost in the post");
    }

    @Test
    void dueDates_aFixedScheduleThatDoesNotCoverToday_orARollingPolicyWithoutPeriod() {
        Instant now = Instant.now();
        Api.Reply schedule = s.post("/fixed-due-date-schedule-storage/fixed-due-date-schedules", Json.object()
                .put("name", "Last year").set("schedules", Json.array().add(Json.object()
                        .put("from", now.minus(400, ChronoUnit.DAYS).toString())
                        .put("to", now.minus(300, ChronoUnit.DAYS).toString())
                        .put("due", now.minus(290, ChronoUnit.DAYS).toString()))));
        assertThat(schedule.status()).as(schedule.body()).isEqualTo(201);
        String past = LoanPolicyBuilder.named("Last year's term").fixed(schedule.json().path("id").asText()).create(s);
        ObjectNode noPeriod = LoanPolicyBuilder.named("No period").json();
        noPeriod.with("loansPolicy").remove("period");
        Api.Reply created = s.post("/loan-policy-storage/loan-policies", noPeriod);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        RulesText.fallback(rolling).rule("m " + DVD, past).rule("m " + BOOK, created.json().path("id").asText()).put(s);
        try {
            assertRefused(rq.tryCheckOut(rq.item(DVD), rq.patron()), null,
                    "Item can't be checked out as the loan date falls outside of the date ranges in the loan policy. "
                            + "Please review Last year's term before retrying checking out");
            assertRefused(rq.tryCheckOut(rq.item(BOOK), rq.patron()), null, "Loan policy No period has no loan period");
        } finally {
            RulesText.fallback(rolling).put(s);
        }
    }

    @Test
    void addInfo_withoutAnInfoAction() {
        JsonNode loan = rq.checkOut(rq.item(BOOK), rq.patron());
        assertRefused(s.post("/circulation/loans/" + loan.path("id").asText() + "/add-info", Json.object()
                        .put("action", "renewed").put("actionComment", "x")), null,
                "An action of type patronInfoAdded or staffInfoAdded, with associated actionComment, required in order "
                        + "to add info", "action", null);
    }

    @Test
    void endPatronActionSession_withoutSessions() {
        assertRefused(s.post("/circulation/end-patron-action-session", Json.object()), null,
                "End patron session request must have endSessions");
    }

    @Test
    void patronBlockLimit_thatIsNoNumber() {
        String condition = "3d7c52dc-c732-4223-8bf8-e5917801386f"; // FOLIO's "Maximum number of items charged out"
        assertRefused(s.post("/patron-block-limits", Json.object().put("id", UUID.randomUUID().toString())
                        .put("patronGroupId", UNDERGRAD).put("conditionId", condition).put("value", "many")), "-1",
                "Must be a number", "value", "many");
    }

    /** FOLIO's schema validation of a missing required property (RMB: "must not be null", the NotNull code). */
    @Test
    void requiredProperties_mustNotBeNull() {
        assertRefused(s.put("/circulation-rules-storage", Json.object()), "javax.validation.constraints.NotNull.message",
                "must not be null", "rulesAsText", "null");
        assertRefused(s.post("/accounts-bulk/check-pay", Json.object().put("amount", "1.00")),
                "javax.validation.constraints.NotNull.message", "must not be null", "accountIds", "null");
    }
}
