package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/** The check-out screen's loan actions: change due date, add patron/staff info, end session (mod-circulation). */
class LoanActionsTest {
    private static final Api.Session diku = TestServer.api().demoAdmin();

    private static String checkedOutLoan(String barcode) {
        item(diku, barcode, BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        patron(diku, "p" + barcode, UNDERGRAD, true);
        Api.Reply out = diku.post("/circulation/check-out-by-barcode", checkOut(barcode, "p" + barcode));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        return out.json().path("id").asText();
    }

    private static JsonNode loan(String id) {
        return diku.get("/circulation/loans/" + id).json();
    }

    private static void assertRefused(Api.Reply r, String message, String key) {
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        JsonNode error = r.json().path("errors").get(0);
        assertThat(error.path("message").asText()).isEqualTo(message);
        assertThat(error.path("parameters").get(0).path("key").asText()).isEqualTo(key);
    }

    @Test
    void changeDueDateMovesTheDueDateWithFolioAction() {
        String loanId = checkedOutLoan("la-1");
        Api.Reply r = diku.post("/circulation/loans/" + loanId + "/change-due-date",
                Json.object().put("dueDate", "2031-03-04T10:00:00.000Z"));
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        JsonNode loan = loan(loanId);
        assertThat(Json.parseInstant(loan.path("dueDate").asText())).isEqualTo("2031-03-04T10:00:00Z");
        assertThat(loan.path("action").asText()).isEqualTo("dueDateChanged");
    }

    @Test
    void changeDueDateIsRefusedForClosedLoansClaimedReturnedItemsAndWithoutADate() {
        String loanId = checkedOutLoan("la-2");
        assertRefused(diku.post("/circulation/loans/" + loanId + "/change-due-date", Json.object()),
                "A new due date is required in order to change the due date", "dueDate");
        assertRefused(diku.post("/circulation/loans/" + loanId + "/change-due-date",
                Json.object().put("dueDate", "tomorrow")), "Invalid date-time: tomorrow", "dueDate");

        assertThat(diku.post("/circulation/loans/" + loanId + "/claim-item-returned", Json.object()
                .put("itemClaimedReturnedDateTime", "2026-11-20T10:00:00Z")).status()).isEqualTo(204);
        assertRefused(diku.post("/circulation/loans/" + loanId + "/change-due-date",
                Json.object().put("dueDate", "2031-03-04T10:00:00Z")), "item is Claimed returned", "itemId");

        String closed = checkedOutLoan("la-3");
        assertThat(diku.post("/circulation/check-in-by-barcode", checkIn("la-3", CIRC_DESK_1)).status()).isEqualTo(200);
        assertRefused(diku.post("/circulation/loans/" + closed + "/change-due-date",
                Json.object().put("dueDate", "2031-03-04T10:00:00Z")), "Loan is closed", "loanId");

        assertThat(diku.post("/circulation/loans/" + UUID.randomUUID() + "/change-due-date",
                Json.object().put("dueDate", "2031-03-04T10:00:00Z")).status()).isEqualTo(404);
        assertThat(diku.post("/circulation/loans/not-a-uuid/change-due-date",
                Json.object().put("dueDate", "2031-03-04T10:00:00Z")).status()).isEqualTo(404);
    }

    @Test
    void addInfoRecordsPatronOrStaffInfo() {
        String loanId = checkedOutLoan("la-4");
        Api.Reply r = diku.post("/circulation/loans/" + loanId + "/add-info",
                Json.object().put("action", "patronInfoAdded").put("actionComment", "Returns it on Monday"));
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        JsonNode loan = loan(loanId);
        assertThat(loan.path("action").asText()).isEqualTo("patronInfoAdded");
        assertThat(loan.path("actionComment").asText()).isEqualTo("Returns it on Monday");

        String message = "An action of type patronInfoAdded or staffInfoAdded, with associated actionComment, "
                + "required in order to add info";
        assertRefused(diku.post("/circulation/loans/" + loanId + "/add-info",
                Json.object().put("action", "staffInfoAdded")), message, "action");
        assertRefused(diku.post("/circulation/loans/" + loanId + "/add-info",
                Json.object().put("action", "renewed").put("actionComment", "x")), message, "action");
        assertThat(diku.post("/circulation/loans/" + UUID.randomUUID() + "/add-info",
                Json.object().put("action", "staffInfoAdded").put("actionComment", "x")).status()).isEqualTo(404);
        assertThat(diku.api().send("POST", "/circulation/loans/" + loanId + "/add-info", "{oops", diku.tenant(),
                diku.token()).status()).isEqualTo(400);
    }

    @Test
    void endPatronActionSessionValidatesAsFolio() {
        var ok = Json.object();
        ok.putArray("endSessions").addObject().put("patronId", UUID.randomUUID().toString())
                .put("actionType", "Check-out");
        assertThat(diku.post("/circulation/end-patron-action-session", ok).status()).isEqualTo(204);

        var noPatron = Json.object();
        noPatron.putArray("endSessions").addObject().put("actionType", "Check-in");
        assertRefused(diku.post("/circulation/end-patron-action-session", noPatron),
                "End patron session request must have patron id", "patronId");
        var badType = Json.object();
        badType.putArray("endSessions").addObject().put("patronId", "p").put("actionType", "Dance");
        assertRefused(diku.post("/circulation/end-patron-action-session", badType),
                "Invalid patron action type value", "actionType");
        var noType = Json.object();
        noType.putArray("endSessions").addObject().put("patronId", "p");
        assertRefused(diku.post("/circulation/end-patron-action-session", noType),
                "End patron session request must have action type", "actionType");
        var notObjects = Json.object();
        notObjects.putArray("endSessions").add(5);
        assertThat(diku.post("/circulation/end-patron-action-session", notObjects).status()).isEqualTo(422);
        assertThat(diku.post("/circulation/end-patron-action-session", Json.object()).status()).isEqualTo(422);
    }

    @Test
    void circulationBffCheckOutAndCheckInAreMod_circulationsOwn() {
        item(diku, "la-5", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        patron(diku, "pla-5", UNDERGRAD, true);
        Api.Reply out = diku.post("/circulation-bff/loans/check-out-by-barcode", checkOut("la-5", "pla-5"));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        assertThat(out.json().path("item").path("barcode").asText()).isEqualTo("la-5");
        Api.Reply in = diku.post("/circulation-bff/loans/check-in-by-barcode", checkIn("la-5", CIRC_DESK_1));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        assertThat(in.json().path("loan").path("status").path("name").asText()).isEqualTo("Closed");
        assertThat(diku.post("/circulation-bff/loans/check-in-by-barcode", Json.object()).status()).isEqualTo(422);
    }

    @Test
    void profilePictureConfigurationIsReadableAndCannotBeEnabled() {
        Api.Reply r = diku.get("/users/configurations/entry");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().path("configName").asText()).isEqualTo("PROFILE_PICTURE_CONFIG");
        assertThat(r.json().path("enabled").asBoolean(true)).isFalse();
        String id = r.json().path("id").asText();
        assertThat(diku.put("/users/configurations/entry/" + id, r.json()).status()).isEqualTo(204);
        var enable = ((com.fasterxml.jackson.databind.node.ObjectNode) r.json()).put("enabled", true);
        assertThat(diku.put("/users/configurations/entry/" + id, enable).status()).isEqualTo(422);
        assertThat(diku.put("/users/configurations/entry/" + UUID.randomUUID(), r.json()).status()).isEqualTo(404);
    }
}
