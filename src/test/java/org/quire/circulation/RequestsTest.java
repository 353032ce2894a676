package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.StatementCount;
import org.quire.platform.Json;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/** Item-level requests over HTTP on a fresh tenant: life cycles, queue, validation, the screens' CQL. */
class RequestsTest {
    static Api.Session s;
    static RequestFixtures rq;

    @BeforeAll
    static void tenant() {
        s = Fixtures.tenant("requests_test");
        rq = new RequestFixtures(s, "rq");
    }

    static String next(String what) {
        return rq.next(what);
    }

    /** A book (One Hour policy) or a DVD (Example Loan Policy: recalls after 5 days, 30 days guaranteed). */
    static ObjectNode item(String materialType) {
        return rq.item(materialType);
    }

    static ObjectNode patron() {
        return rq.patron();
    }

    static ObjectNode requestBody(String type, JsonNode item, JsonNode requester, String pickup) {
        return RequestFixtures.expiringItemRequest(type, item, requester, pickup);
    }

    static JsonNode create(String type, JsonNode item, JsonNode requester, String pickup) {
        return rq.create(requestBody(type, item, requester, pickup));
    }

    static List<String> refuse(String type, JsonNode item, JsonNode requester) {
        return rq.refuse(requestBody(type, item, requester, CIRC_DESK_1));
    }

    static JsonNode request(JsonNode r) {
        return rq.request(r);
    }

    static String itemStatus(JsonNode item) {
        return rq.itemStatus(item);
    }

    static JsonNode checkOut(JsonNode item, JsonNode user) {
        return rq.checkOut(item, user);
    }

    static JsonNode checkIn(JsonNode item, String sp) {
        return rq.checkIn(item, sp);
    }

    static List<String> queueIds(JsonNode item) {
        return rq.itemQueue(item);
    }

    @Test
    void page_checkIn_awaitingPickup_checkOutToRequester_filled() {
        ObjectNode item = item(BOOK);
        ObjectNode requester = patron();
        JsonNode page = create("Page", item, requester, CIRC_DESK_1);
        assertThat(page.path("status").asText()).isEqualTo("Open - Not yet filled");
        assertThat(page.path("position").asInt()).isEqualTo(1);
        assertThat(page.path("instanceId").asText()).isNotEmpty();
        assertThat(page.path("requester").path("barcode").asText()).isEqualTo(requester.path("barcode").asText());
        assertThat(itemStatus(item)).isEqualTo("Paged");

        JsonNode in = checkIn(item, CIRC_DESK_1);
        assertThat(in.path("item").path("status").path("name").asText()).isEqualTo("Awaiting pickup");
        assertThat(in.path("staffSlipContext").path("request").path("requestID").asText()).isEqualTo(page.path("id").asText());
        assertThat(in.path("staffSlipContext").path("request").path("servicePointPickup").asText()).isEqualTo("Circ Desk 1");
        assertThat(in.path("staffSlipContext").path("requester").path("barcode").asText())
                .isEqualTo(requester.path("barcode").asText());
        JsonNode awaiting = request(page);
        assertThat(awaiting.path("status").asText()).isEqualTo("Open - Awaiting pickup");
        assertThat(Instant.parse(awaiting.path("holdShelfExpirationDate").asText())).isAfter(Instant.now());
        assertThat(itemStatus(item)).isEqualTo("Awaiting pickup");

        // The check-in screen's query finds it.
        JsonNode found = s.get("/circulation/requests", "(itemId==" + item.path("id").asText()
                + " and (status==\"Open - Awaiting pickup\" or status==\"Open - Awaiting delivery\"))").json();
        assertThat(found.path("totalRecords").asInt()).isEqualTo(1);
        // The Users app's change-due-date dialog: "sortby requestDate desc" is two sort keys to cql-java (FOLIO's
        // storage sorts by a "desc" property no request has); a 400 there empties the dialog.
        Api.Reply dialog = s.get("/circulation/requests?limit=10000", "(itemId==" + item.path("id").asText()
                + ") and status==(\"Open - Awaiting pickup\" or \"Open - Not yet filled\") sortby requestDate desc");
        assertThat(dialog.status()).as(dialog.body()).isEqualTo(200);
        assertThat(dialog.json().path("totalRecords").asInt()).isEqualTo(1);

        JsonNode loan = checkOut(item, requester);
        assertThat(loan.path("item").path("status").path("name").asText()).isEqualTo("Checked out");
        JsonNode filled = request(page);
        assertThat(filled.path("status").asText()).isEqualTo("Closed - Filled");
        assertThat(filled.has("position")).isFalse();
        assertThat(queueIds(item)).isEmpty();
    }

    @Test
    void reads_giveModCirculationsExtendedRequest_andAPutOfItStoresNoneOfTheDerivedParts() {
        ObjectNode item = item(BOOK);
        ObjectNode borrower = patron(), requester = patron();
        JsonNode loan = checkOut(item, borrower);
        JsonNode hold = create("Hold", item, requester, CIRC_DESK_2);
        assertThat(hold.path("pickupServicePoint").path("name").asText()).as("the POST answers extended too")
                .isEqualTo("Circ Desk 2");

        JsonNode listed = s.get("/circulation/requests", "id==" + hold.path("id").asText()).json().path("requests").get(0);
        for (JsonNode r : List.of(listed, request(hold),
                s.get("/circulation/requests/queue/item/" + item.path("id").asText()).json().path("requests").get(0))) {
            assertThat(r.path("pickupServicePoint").path("name").asText()).isEqualTo("Circ Desk 2");
            assertThat(r.path("pickupServicePoint").path("pickupLocation").asBoolean()).isTrue();
            assertThat(r.path("loan").path("dueDate").asText()).isEqualTo(loan.path("dueDate").asText());
            assertThat(r.path("item").path("status").asText()).isEqualTo("Checked out");
            assertThat(r.path("item").path("barcode").asText()).isEqualTo(item.path("barcode").asText());
            assertThat(r.path("item").path("location").path("name").asText()).isEqualTo("Main Library");
            assertThat(r.path("item").path("location").path("libraryName").asText()).isEqualTo("Datalogisk Institut");
            assertThat(r.path("requester").path("lastName").asText()).isEqualTo("Reader");
            assertThat(r.path("requester").path("patronGroupId").asText()).isEqualTo(UNDERGRAD);
            assertThat(r.path("requester").path("patronGroup").path("group").asText()).isEqualTo("undergrad");
        }

        // The request screens cancel by a PUT of what they read: the loan, service point, item status and group
        // object are not stored, so they cannot go stale.
        ObjectNode cancel = (ObjectNode) listed.deepCopy();
        cancel.put("status", "Closed - Cancelled").put("cancellationReasonId", "75187e8d-e25a-47a7-89ad-23ba612338de");
        assertThat(s.put("/circulation/requests/" + hold.path("id").asText(), cancel).status()).isEqualTo(204);
        JsonNode stored = s.get("/request-storage/requests/" + hold.path("id").asText()).json();
        assertThat(stored.has("loan") || stored.has("pickupServicePoint")).isFalse();
        assertThat(stored.path("item").has("status") || stored.path("item").has("location")).isFalse();
        assertThat(stored.path("requester").path("patronGroup").asText()).isEqualTo(UNDERGRAD);
        assertThat(stored.path("status").asText()).isEqualTo("Closed - Cancelled");
        checkIn(item, CIRC_DESK_1);
        assertThat(request(hold).has("loan")).as("no open loan, no loan summary").isFalse();
    }

    @Test
    void aPageOfExtendedRequests_costsTheSameStatements_forOneRequestAsForTwelve() {
        ObjectNode one = patron(), many = patron();
        create("Hold", checkedOut(), one, CIRC_DESK_1);
        for (int i = 0; i < 12; i++) create("Hold", checkedOut(), many, i % 2 == 0 ? CIRC_DESK_1 : CIRC_DESK_2);
        Runnable readOne = () -> assertThat(s.get("/circulation/requests", "requesterId==" + one.path("id").asText())
                .json().path("requests")).hasSize(1);
        Runnable readMany = () -> assertThat(s.get("/circulation/requests?limit=100", "requesterId==" + many.path("id").asText())
                .json().path("requests")).allSatisfy(r -> assertThat(r.path("loan").path("dueDate").asText()).isNotEmpty())
                .hasSize(12);
        readOne.run();
        long forOne = StatementCount.of("requests_test", readOne);
        long forMany = StatementCount.of("requests_test", readMany);
        // the page, its count, items, users, open loans, service points + groups + libraries
        assertThat(forOne).isBetween(4L, 6L);
        assertThat(forMany).isEqualTo(forOne);
    }

    static ObjectNode checkedOut() {
        ObjectNode item = item(BOOK);
        checkOut(item, patron());
        return item;
    }

    @Test
    void hold_onCheckedOutItem_inTransitToPickup_thenAwaitingPickup() {
        ObjectNode item = item(BOOK);
        ObjectNode borrower = patron(), requester = patron();
        checkOut(item, borrower);
        JsonNode hold = create("Hold", item, requester, CIRC_DESK_2);

        JsonNode in = checkIn(item, CIRC_DESK_1);
        assertThat(in.path("item").path("status").path("name").asText()).isEqualTo("In transit");
        assertThat(in.path("item").path("inTransitDestinationServicePoint").path("name").asText()).isEqualTo("Circ Desk 2");
        assertThat(request(hold).path("status").asText()).isEqualTo("Open - In transit");

        JsonNode atPickup = checkIn(item, CIRC_DESK_2);
        assertThat(atPickup.path("item").path("status").path("name").asText()).isEqualTo("Awaiting pickup");
        assertThat(request(hold).path("status").asText()).isEqualTo("Open - Awaiting pickup");
    }

    @Test
    void checkOutToAnotherPatron_refusedWhileAwaitingPickup() {
        ObjectNode item = item(BOOK);
        ObjectNode requester = patron(), other = patron();
        create("Page", item, requester, CIRC_DESK_1);
        checkIn(item, CIRC_DESK_1);

        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item.path("barcode").asText(),
                other.path("barcode").asText()));
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("errors").findValuesAsText("message")).containsExactly(
                "Title of %s (Barcode: %s) cannot be checked out to user Reader, %s because it has been requested by another patron"
                        .formatted(item.path("barcode").asText(), item.path("barcode").asText(), other.path("barcode").asText()));
        assertThat(itemStatus(item)).isEqualTo("Awaiting pickup");
    }

    /** FOLIO refuses whatever the first request's status: a Paged item or one in transit is no one else's either. */
    @Test
    void checkOutToAnotherPatron_refusedWhilePaged_andInTransit() {
        ObjectNode paged = item(BOOK);
        ObjectNode requester = patron(), other = patron();
        create("Page", paged, requester, CIRC_DESK_1);
        assertThat(refusedCheckOut(paged, other)).containsExactly(requestedByAnother(paged, other));
        assertThat(itemStatus(paged)).isEqualTo("Paged");

        ObjectNode inTransit = item(BOOK);
        checkOut(inTransit, patron());
        create("Hold", inTransit, requester, CIRC_DESK_2);
        checkIn(inTransit, CIRC_DESK_1);
        assertThat(itemStatus(inTransit)).isEqualTo("In transit");
        assertThat(refusedCheckOut(inTransit, other)).containsExactly(requestedByAnother(inTransit, other));

        // The requester themselves may take it, which fills the request.
        checkOut(paged, requester);
        assertThat(queueIds(paged)).isEmpty();
    }

    static List<String> refusedCheckOut(JsonNode item, JsonNode user) {
        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item.path("barcode").asText(),
                user.path("barcode").asText()));
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("errors").findValuesAsText("code")).containsOnly("ITEM_REQUESTED_BY_ANOTHER_PATRON");
        return r.json().path("errors").findValuesAsText("message");
    }

    static String requestedByAnother(JsonNode item, JsonNode user) {
        return "Title of %s (Barcode: %s) cannot be checked out to user Reader, %s because it has been requested by another patron"
                .formatted(item.path("barcode").asText(), item.path("barcode").asText(), user.path("barcode").asText());
    }

    @Test
    void recall_shortensDueDate_toMinimumGuaranteedPeriod() {
        ObjectNode item = item(DVD);
        ObjectNode borrower = patron(), requester = patron();
        JsonNode loan = checkOut(item, borrower);
        Instant loanDate = Instant.parse(loan.path("loanDate").asText());
        assertThat(Duration.between(loanDate, Instant.parse(loan.path("dueDate").asText())).toDays()).isGreaterThan(50);

        create("Recall", item, requester, CIRC_DESK_1);
        JsonNode recalled = s.get("/circulation/loans/" + loan.path("id").asText()).json();
        assertThat(recalled.path("dueDateChangedByRecall").asBoolean()).isTrue();
        assertThat(recalled.path("action").asText()).isEqualTo("recallrequested");
        // max(now + 5 days return interval, loan date + 30 days guaranteed) = loan date + 30 days, at the end of that
        // day (a day-based loan policy keeping the current due date)
        assertThat(Instant.parse(recalled.path("dueDate").asText())).isEqualTo(endOfDay(loanDate.plus(Duration.ofDays(30))));

        // A second recall does not move it again.
        create("Recall", item, patron(), CIRC_DESK_1);
        assertThat(s.get("/circulation/loans/" + loan.path("id").asText()).json().path("dueDate").asText())
                .isEqualTo(recalled.path("dueDate").asText());
    }

    @Test
    void checkOut_ofARecalledItem_getsTheRecallDueDate() {
        ObjectNode item = item(DVD);
        ObjectNode first = patron(), recaller = patron();
        JsonNode hold = create("Page", item, first, CIRC_DESK_1);
        create("Recall", item, recaller, CIRC_DESK_1);
        checkIn(item, CIRC_DESK_1);
        JsonNode loan = checkOut(item, first);
        assertThat(request(hold).path("status").asText()).isEqualTo("Closed - Filled");
        Instant loanDate = Instant.parse(loan.path("loanDate").asText());
        assertThat(loan.path("dueDateChangedByRecall").asBoolean()).isTrue();
        assertThat(Instant.parse(loan.path("dueDate").asText())).isEqualTo(endOfDay(loanDate.plus(Duration.ofDays(30))));
        assertThat(queueIds(item)).hasSize(1);
    }

    /** 23:59:59 UTC of the day of {@code t}: where a day-based loan falls due. */
    static Instant endOfDay(Instant t) {
        return t.truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1)).minusSeconds(1);
    }

    @Test
    void recall_ofAnOverdueLoan_keepsItsDueDate_butRecordsTheRecall() {
        ObjectNode item = item(DVD);
        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item.path("barcode").asText(),
                patron().path("barcode").asText()).put("loanDate", Instant.now().minus(Duration.ofDays(70)).toString()));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        String due = out.json().path("dueDate").asText();
        assertThat(Instant.parse(due)).isBefore(Instant.now());

        create("Recall", item, patron(), CIRC_DESK_1);
        JsonNode recalled = s.get("/circulation/loans/" + out.json().path("id").asText()).json();
        assertThat(recalled.path("dueDate").asText()).isEqualTo(due);
        assertThat(recalled.path("dueDateChangedByRecall").asBoolean()).isTrue();
        assertThat(recalled.path("action").asText()).isEqualTo("recallrequested");
    }

    @Test
    void recall_ofAnOverdueLoan_givesTheAlternateReturnInterval_whenThePolicyLetsRecallsExtendOverdueLoans() {
        ObjectNode policy = Json.object().put("name", next("extend-overdue")).put("loanable", true).put("renewable", false);
        policy.putObject("loansPolicy").put("profileId", "Rolling").put("closedLibraryDueDateManagementId", "CURRENT_DUE_DATE")
                .set("period", Json.object().put("duration", 1).put("intervalId", "Weeks"));
        ObjectNode recalls = policy.putObject("requestManagement").putObject("recalls");
        recalls.put("allowRecallsToExtendOverdueLoans", true);
        recalls.set("recallReturnInterval", Json.object().put("duration", 1).put("intervalId", "Days"));
        recalls.set("alternateRecallReturnInterval", Json.object().put("duration", 3).put("intervalId", "Weeks"));
        Api.Reply created = s.post("/loan-policy-storage/loan-policies", policy);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode rules = s.get("/circulation/rules").json();
        String video = "30b3e36a-d3b2-415e-98c2-47fbdf878862";
        String text = rules.path("rulesAsText").asText() + "\nm " + video + ": l " + created.json().path("id").asText()
                + " r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c"
                + " o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";
        assertThat(s.put("/circulation/rules", Json.object().put("rulesAsText", text)).status()).isEqualTo(204);
        try {
            ObjectNode item = item(video);
            Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item.path("barcode").asText(),
                    patron().path("barcode").asText()).put("loanDate", Instant.now().minus(Duration.ofDays(10)).toString()));
            assertThat(out.status()).as(out.body()).isEqualTo(201);
            assertThat(Instant.parse(out.json().path("dueDate").asText())).isBefore(Instant.now());

            Instant before = Instant.now();
            create("Recall", item, patron(), CIRC_DESK_1);
            Instant due = Instant.parse(s.get("/circulation/loans/" + out.json().path("id").asText()).json()
                    .path("dueDate").asText());
            assertThat(due).isBetween(endOfDay(before.plus(Duration.ofDays(21))), endOfDay(Instant.now().plus(Duration.ofDays(21))));
        } finally {
            s.put("/circulation/rules", rules);
        }
    }

    @Test
    void cancel_renumbersQueue_andReorder() {
        ObjectNode item = item(BOOK);
        checkOut(item, patron());
        JsonNode a = create("Hold", item, patron(), CIRC_DESK_1);
        JsonNode b = create("Hold", item, patron(), CIRC_DESK_1);
        JsonNode c = create("Recall", item, patron(), CIRC_DESK_1);
        assertThat(c.path("position").asInt()).isEqualTo(3);
        assertThat(queueIds(item)).containsExactly(a.path("id").asText(), b.path("id").asText(), c.path("id").asText());

        ObjectNode cancel = (ObjectNode) request(a).deepCopy();
        cancel.put("status", "Closed - Cancelled").put("cancellationReasonId", "ff474f60-d9ce-4bd8-8659-eb51af825a56");
        Api.Reply put = s.put("/circulation/requests/" + a.path("id").asText(), cancel);
        assertThat(put.status()).as(put.body()).isEqualTo(204);
        JsonNode cancelled = request(a);
        assertThat(cancelled.path("status").asText()).isEqualTo("Closed - Cancelled");
        assertThat(cancelled.path("cancelledDate").asText()).isNotEmpty();
        assertThat(queueIds(item)).containsExactly(b.path("id").asText(), c.path("id").asText());

        ObjectNode reorder = Json.object();
        reorder.putArray("reorderedQueue")
                .add(Json.object().put("id", b.path("id").asText()).put("newPosition", 2))
                .add(Json.object().put("id", c.path("id").asText()).put("newPosition", 1));
        Api.Reply r = s.post("/circulation/requests/queue/item/" + item.path("id").asText() + "/reorder", reorder);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("requests").findValuesAsText("id")).containsExactly(c.path("id").asText(), b.path("id").asText());
        assertThat(queueIds(item)).containsExactly(c.path("id").asText(), b.path("id").asText());

        ObjectNode bad = Json.object();
        bad.putArray("reorderedQueue").add(Json.object().put("id", b.path("id").asText()).put("newPosition", 1));
        Api.Reply refused = s.post("/circulation/requests/queue/item/" + item.path("id").asText() + "/reorder", bad);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().path("errors").findValuesAsText("message"))
                .containsExactly("There is inconsistency between provided reordered queue and item queue.");
    }

    @Test
    void cancelledPage_givesTheItemBack() {
        ObjectNode item = item(BOOK);
        JsonNode page = create("Page", item, patron(), CIRC_DESK_1);
        ObjectNode cancel = (ObjectNode) request(page).deepCopy();
        cancel.put("status", "Closed - Cancelled");
        assertThat(s.put("/circulation/requests/" + page.path("id").asText(), cancel).status()).isEqualTo(204);
        assertThat(itemStatus(item)).isEqualTo("Available");
    }

    @Test
    void page_ofARestrictedItem_leavesItRestricted() {
        ObjectNode item = item(BOOK);
        ObjectNode restricted = (ObjectNode) s.get("/item-storage/items/" + item.path("id").asText()).json().deepCopy();
        restricted.putObject("status").put("name", "Restricted");
        assertThat(s.put("/item-storage/items/" + item.path("id").asText(), restricted).status()).isEqualTo(204);
        create("Page", item, patron(), CIRC_DESK_1);
        assertThat(itemStatus(item)).isEqualTo("Restricted");
    }

    @Test
    void cancelledHold_givesThePagedItemBack_whenNoRequestForItRemains() {
        ObjectNode item = item(BOOK);
        JsonNode page = create("Page", item, patron(), CIRC_DESK_1);
        JsonNode hold = create("Hold", item, patron(), CIRC_DESK_1);
        cancel(page);
        assertThat(itemStatus(item)).as("the Hold still waits for it").isEqualTo("Paged");
        cancel(hold);
        assertThat(itemStatus(item)).isEqualTo("Available");
    }

    static void cancel(JsonNode r) {
        ObjectNode cancel = (ObjectNode) request(r).deepCopy();
        cancel.put("status", "Closed - Cancelled");
        Api.Reply put = s.put("/circulation/requests/" + r.path("id").asText(), cancel);
        assertThat(put.status()).as(put.body()).isEqualTo(204);
    }

    @Test
    void aClosedRequest_cannotBeEdited() {
        ObjectNode item = item(BOOK);
        checkOut(item, patron());
        JsonNode hold = create("Hold", item, patron(), CIRC_DESK_1);
        cancel(hold);
        ObjectNode reopen = (ObjectNode) request(hold).deepCopy();
        reopen.put("status", "Open - Not yet filled");
        Api.Reply r = s.put("/circulation/requests/" + hold.path("id").asText(), reopen);
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        JsonNode e = r.json().path("errors").get(0);
        assertThat(e.path("message").asText()).isEqualTo("The Request has already been closed");
        assertThat(e.path("code").asText()).isEqualTo("REQUEST_ALREADY_CLOSED");
        assertThat(e.path("parameters").get(0).path("key").asText()).isEqualTo("id");
        assertThat(e.path("parameters").get(0).path("value").asText()).isEqualTo(hold.path("id").asText());
        assertThat(request(hold).path("status").asText()).isEqualTo("Closed - Cancelled");
    }

    @Test
    void validation_messages() {
        ObjectNode available = item(BOOK), out = item(BOOK);
        ObjectNode borrower = patron(), requester = patron();
        checkOut(out, borrower);

        assertThat(refuse("Hold", available, requester)).containsExactly("Hold requests are not allowed for this patron and item combination");
        assertThat(refuse("Recall", available, requester)).containsExactly("Recall requests are not allowed for this patron and item combination");
        assertThat(refuse("Page", out, requester)).containsExactly("Page requests are not allowed for this patron and item combination");
        assertThat(refuse("Hold", out, borrower)).containsExactly("This requester already has this item on loan");
        create("Hold", out, requester, CIRC_DESK_1);
        assertThat(refuse("Recall", out, requester)).containsExactly("This requester already has an open request for this item");
        ObjectNode inactive = Fixtures.patron(s, next("rq-inactive"), UNDERGRAD, false);
        assertThat(refuse("Hold", out, inactive)).contains("Inactive users cannot make requests");
    }

    @Test
    void requestPolicy_fromCirculationRules_limitsTypes() {
        // DVDs get the "Hold only" request policy.
        JsonNode rules = s.get("/circulation/rules").json();
        String text = rules.path("rulesAsText").asText() + "\nm " + DVD
                + ": l d9cd0bed-1b49-4b5e-a7bd-064b8d177231 r 4c6e1fb0-2ef1-4666-bd15-f9190ff89060 n 122b3d2b-4788-4f1e-9117-56daa91cb75c o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";
        assertThat(s.put("/circulation/rules", Json.object().put("rulesAsText", text)).status()).isEqualTo(204);
        try {
            ObjectNode dvd = item(DVD);
            assertThat(refuse("Page", dvd, patron())).containsExactly("Page requests are not allowed for this patron and item combination");
            checkOut(dvd, patron());
            assertThat(refuse("Recall", dvd, patron())).containsExactly("Recall requests are not allowed for this patron and item combination");
            create("Hold", dvd, patron(), CIRC_DESK_1);
        } finally {
            s.put("/circulation/rules", rules);
        }
    }

    @Test
    void pickupServicePoint_mustBeAPickupLocation_andOneThePolicyAllows() {
        ObjectNode item = item(BOOK);
        String online = "7c5abc9f-f3d7-4856-b8d7-6712462ca007"; // not a pickup location
        Api.Reply notPickup = s.post("/circulation/requests", requestBody("Page", item, patron(), online));
        assertThat(notPickup.status()).as(notPickup.body()).isEqualTo(422);
        JsonNode e = notPickup.json().path("errors").get(0);
        assertThat(e.path("message").asText()).isEqualTo("Service point is not a pickup location");
        assertThat(e.path("code").asText()).isEqualTo("SERVICE_POINT_IS_NOT_PICKUP_LOCATION");
        assertThat(e.path("parameters").get(0).path("value").asText()).isEqualTo(online);
        String unknown = java.util.UUID.randomUUID().toString();
        assertThat(s.post("/circulation/requests", requestBody("Page", item, patron(), unknown)).json()
                .path("errors").findValuesAsText("message")).containsExactly("Pickup service point does not exist");

        // DVDs get a policy that lets pages be picked up at Circ Desk 2 only.
        ObjectNode desk2Pages = Json.object().put("name", next("desk-2-pages"));
        desk2Pages.set("requestTypes", Json.array().add("Hold").add("Page").add("Recall"));
        desk2Pages.putObject("allowedServicePoints").set("Page", Json.array().add(CIRC_DESK_2));
        Api.Reply policy = s.post("/request-policy-storage/request-policies", desk2Pages);
        assertThat(policy.status()).as(policy.body()).isEqualTo(201);
        String policyId = policy.json().path("id").asText();
        JsonNode rules = s.get("/circulation/rules").json();
        String text = rules.path("rulesAsText").asText() + "\nm " + DVD + ": l d9cd0bed-1b49-4b5e-a7bd-064b8d177231 r "
                + policyId + " n 122b3d2b-4788-4f1e-9117-56daa91cb75c o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";
        assertThat(s.put("/circulation/rules", Json.object().put("rulesAsText", text)).status()).isEqualTo(204);
        try {
            ObjectNode dvd = item(DVD);
            Api.Reply refused = s.post("/circulation/requests", requestBody("Page", dvd, patron(), CIRC_DESK_1));
            assertThat(refused.status()).as(refused.body()).isEqualTo(422);
            JsonNode error = refused.json().path("errors").get(0);
            assertThat(error.path("message").asText()).isEqualTo("One or more Pickup locations are no longer available");
            assertThat(error.path("code").asText()).isEqualTo("REQUEST_PICKUP_SERVICE_POINT_IS_NOT_ALLOWED");
            List<String> params = new ArrayList<>();
            error.path("parameters").forEach(p -> params.add(p.path("key").asText() + "=" + p.path("value").asText()));
            assertThat(params).containsExactlyInAnyOrder("pickupServicePointId=" + CIRC_DESK_1, "requestType=Page",
                    "requestPolicyId=" + policyId);
            create("Page", dvd, patron(), CIRC_DESK_2);
        } finally {
            s.put("/circulation/rules", rules);
        }
    }

    @Test
    void screensQueries_andStorage() {
        ObjectNode item = item(BOOK);
        ObjectNode requester = patron();
        JsonNode page = create("Page", item, requester, CIRC_DESK_1);
        String u = requester.path("id").asText();

        Api.Reply open = s.get("/circulation/requests?limit=100", "(requesterId==" + u + " and status==\"Open\")");
        assertThat(open.status()).as(open.body()).isEqualTo(200);
        Api.Reply openAny = s.get("/circulation/requests?limit=100", "(requesterId==" + u + " and status==\"Open*\")");
        assertThat(openAny.json().path("requests")).extracting(r -> r.path("id").asText())
                .containsExactly(page.path("id").asText());
        Api.Reply pickup = s.get("/circulation/requests", "(requesterId==" + u + " and pickupServicePointId=" + CIRC_DESK_1
                + " and status==\"Open - Awaiting pickup\")");
        assertThat(pickup.status()).isEqualTo(200);
        assertThat(pickup.json().path("totalRecords").asInt()).isZero();

        Api.Reply storage = s.get("/request-storage/requests", "itemId==" + item.path("id").asText());
        assertThat(storage.json().path("requests").findValuesAsText("id")).containsExactly(page.path("id").asText());
        assertThat(s.get("/request-storage/requests/" + page.path("id").asText()).status()).isEqualTo(200);
    }
}
