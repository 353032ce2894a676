package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * Hold shelf expiration dates, the request-expiry job (run explicitly with a future "now"), FOLIO's timer endpoint and
 * the hold shelf clearance report, over HTTP in a tenant of their own.
 */
class RequestExpiryTest {
    static final String TENANT = "request_expiry";
    static Api.Session s;
    static final AtomicInteger seq = new AtomicInteger();

    @BeforeAll
    static void tenant() {
        s = Fixtures.tenant(TENANT);
    }

    static ObjectNode item() {
        return Fixtures.item(s, "rx-item-" + seq.incrementAndGet(), BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
    }

    static ObjectNode patron() {
        return Fixtures.patron(s, "rx-user-" + seq.incrementAndGet(), UNDERGRAD, true);
    }

    static JsonNode request(String type, JsonNode item, JsonNode requester, String pickup, Instant expires) {
        ObjectNode body = Json.object().put("requestType", type).put("requestLevel", "Item")
                .put("itemId", item.path("id").asText()).put("requesterId", requester.path("id").asText())
                .put("pickupServicePointId", pickup).put("fulfillmentPreference", "Hold Shelf")
                .put("requestDate", Instant.now().toString()).put("requestExpirationDate", expires.toString());
        Api.Reply r = s.post("/circulation/requests", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    static JsonNode get(JsonNode request) {
        return s.get("/circulation/requests/" + request.path("id").asText()).json();
    }

    static String itemStatus(JsonNode item) {
        return s.get("/item-storage/items/" + item.path("id").asText()).json().path("status").path("name").asText();
    }

    static void checkOut(JsonNode item, JsonNode user) {
        Api.Reply r = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut(item.path("barcode").asText(),
                user.path("barcode").asText()));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
    }

    static JsonNode checkIn(JsonNode item, String sp) {
        Api.Reply r = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(item.path("barcode").asText(), sp));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    static int expire(Instant now) {
        OptionalInt changed = TestServer.get().jobs().runNow(RequestExpiry.NAME, TENANT, now);
        assertThat(changed).isPresent();
        return changed.getAsInt();
    }

    static Instant endOfDay(LocalDate d) {
        return d.atTime(LocalTime.of(23, 59, 59)).toInstant(ZoneOffset.UTC);
    }

    static LocalDate today() {
        return LocalDate.now(ZoneOffset.UTC);
    }

    static List<String> clearance(String servicePoint) {
        Api.Reply r = s.get("/circulation/requests-reports/hold-shelf-clearance/" + servicePoint);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("totalRecords").asInt()).isEqualTo(r.json().path("requests").size());
        return r.json().path("requests").findValuesAsText("id");
    }

    @Test
    void holdShelfExpiration_isTheServicePointsDayPeriod_toTheEndOfTheDay() {
        ObjectNode item = item();
        checkOut(item, patron());
        JsonNode hold = request("Hold", item, patron(), CIRC_DESK_2, Instant.now().plus(Duration.ofDays(60)));
        LocalDate before = today();
        checkIn(item, CIRC_DESK_2);
        LocalDate after = today();
        JsonNode awaiting = get(hold);
        assertThat(awaiting.path("status").asText()).isEqualTo("Open - Awaiting pickup");
        // Circ Desk 2 keeps holds 5 days: to the end of the fifth day from now (UTC).
        assertThat(Instant.parse(awaiting.path("holdShelfExpirationDate").asText()))
                .isIn(endOfDay(before.plusDays(5)), endOfDay(after.plusDays(5)));
    }

    @Test
    void holdShelfExpiration_ofAnHourPeriod_isExact_andIsRemovedWhenTheItemLeavesInTransit() {
        String sp = UUID.randomUUID().toString();
        ObjectNode spJson = Json.object().put("id", sp).put("name", "Express desk").put("code", "express")
                .put("discoveryDisplayName", "Express desk").put("pickupLocation", true);
        spJson.putObject("holdShelfExpiryPeriod").put("duration", 2).put("intervalId", "Hours");
        Api.Reply created = s.post("/service-points", spJson);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        ObjectNode item = item();
        checkOut(item, patron());
        JsonNode hold = request("Hold", item, patron(), sp, Instant.now().plus(Duration.ofDays(60)));
        Instant before = Instant.now();
        checkIn(item, sp);
        Instant after = Instant.now();
        Instant expires = Instant.parse(get(hold).path("holdShelfExpirationDate").asText());
        assertThat(expires).isBetween(before.plus(Duration.ofHours(2)).minusMillis(1), after.plus(Duration.ofHours(2)));

        // Checked in at another desk, the item travels back to the pickup desk: no shelf date while in transit.
        checkIn(item, CIRC_DESK_1);
        JsonNode inTransit = get(hold);
        assertThat(inTransit.path("status").asText()).isEqualTo("Open - In transit");
        assertThat(inTransit.has("holdShelfExpirationDate")).isFalse();
    }

    @Test
    void holdShelfExpiration_onAClosedDay_movesToTheEndOfTheNextOpenDay() {
        String sp = UUID.randomUUID().toString();
        ObjectNode spJson = Json.object().put("id", sp).put("name", "Shelf desk").put("code", "shelf")
                .put("discoveryDisplayName", "Shelf desk").put("pickupLocation", true)
                .put("holdShelfClosedLibraryDateManagement", "MOVE_TO_THE_END_OF_THE_NEXT_OPEN_DAY");
        spJson.putObject("holdShelfExpiryPeriod").put("duration", 5).put("intervalId", "Days");
        Api.Reply created = s.post("/service-points", spJson);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        // Open every day, all day, except days 5 and 6 from today: whichever of them the 5-day period ends on (a
        // check-in just after midnight), the next open day is day 7.
        LocalDate d = today();
        ObjectNode cal = Json.object().put("name", "Shelf desk hours").put("startDate", d.minusDays(1).toString())
                .put("endDate", d.plusDays(30).toString());
        cal.putArray("assignments").add(sp);
        ArrayNode hours = cal.putArray("normalHours");
        for (String day : new String[]{"MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"})
            hours.addObject().put("startDay", day).put("startTime", "00:00").put("endDay", day).put("endTime", "23:59");
        cal.putArray("exceptions").addObject().put("name", "Stocktaking").put("startDate", d.plusDays(5).toString())
                .put("endDate", d.plusDays(6).toString()).putArray("openings");
        Api.Reply c = s.post("/calendar/calendars", cal);
        assertThat(c.status()).as(c.body()).isEqualTo(201);

        ObjectNode item = item();
        checkOut(item, patron());
        JsonNode hold = request("Hold", item, patron(), sp, Instant.now().plus(Duration.ofDays(60)));
        checkIn(item, sp);
        assertThat(get(hold).path("holdShelfExpirationDate").asText())
                .isEqualTo(Json.date(endOfDay(d.plusDays(7))));
    }

    @Test
    void expiredHoldOnTheShelf_closesAsPickupExpired_once_andTheItemStaysOnTheShelf() {
        ObjectNode item = item();
        checkOut(item, patron());
        JsonNode hold = request("Hold", item, patron(), CIRC_DESK_1, Instant.now().plus(Duration.ofDays(365)));
        checkIn(item, CIRC_DESK_1);
        Instant shelfExpiry = Instant.parse(get(hold).path("holdShelfExpirationDate").asText());

        expire(shelfExpiry.minusSeconds(1));
        assertThat(get(hold).path("status").asText()).as("not yet expired").isEqualTo("Open - Awaiting pickup");

        Instant later = shelfExpiry.plusSeconds(1);
        assertThat(expire(later)).isGreaterThanOrEqualTo(1);
        JsonNode expired = get(hold);
        assertThat(expired.path("status").asText()).isEqualTo("Closed - Pickup expired");
        assertThat(expired.has("position")).isFalse();
        assertThat(expired.path("awaitingPickupRequestClosedDate").asText()).isEqualTo(Json.date(later));
        assertThat(itemStatus(item)).as("on the shelf until checked in, as FOLIO").isEqualTo("Awaiting pickup");
        String updated = expired.path("metadata").path("updatedDate").asText();

        assertThat(expire(later)).as("a second run finds nothing to do").isZero();
        assertThat(get(hold).path("metadata").path("updatedDate").asText()).isEqualTo(updated);

        // Checked in again, it goes back to the shelf: nobody else waits for it.
        assertThat(checkIn(item, CIRC_DESK_1).path("item").path("status").path("name").asText()).isEqualTo("Available");
    }

    @Test
    void expiredRequestsNotYetFilled_closeAsUnfilled_andTheQueueIsRenumbered() {
        ObjectNode item = item();
        checkOut(item, patron());
        Instant now = Instant.now();
        JsonNode first = request("Hold", item, patron(), CIRC_DESK_1, now.plus(Duration.ofDays(10)));
        JsonNode second = request("Recall", item, patron(), CIRC_DESK_1, now.plus(Duration.ofDays(100)));
        assertThat(get(second).path("position").asInt()).isEqualTo(2);

        assertThat(expire(now.plus(Duration.ofDays(20)))).isGreaterThanOrEqualTo(1);
        assertThat(get(first).path("status").asText()).isEqualTo("Closed - Unfilled");
        assertThat(get(first).has("awaitingPickupRequestClosedDate")).isFalse();
        assertThat(get(second).path("status").asText()).isEqualTo("Open - Not yet filled");
        assertThat(get(second).path("position").asInt()).isEqualTo(1);
        assertThat(itemStatus(item)).isEqualTo("Checked out");
    }

    @Test
    void anExpiredPage_givesThePagedItemBackToTheShelf() {
        ObjectNode item = item();
        Instant now = Instant.now();
        JsonNode page = request("Page", item, patron(), CIRC_DESK_1, now.plus(Duration.ofDays(3)));
        assertThat(itemStatus(item)).isEqualTo("Paged");
        assertThat(expire(now.plus(Duration.ofDays(4)))).isGreaterThanOrEqualTo(1);
        assertThat(get(page).path("status").asText()).isEqualTo("Closed - Unfilled");
        assertThat(itemStatus(item)).isEqualTo("Available");
    }

    @Test
    void anExpiredHold_givesThePagedItemBackToTheShelf_whenItWasTheLastRequest() {
        ObjectNode item = item();
        Instant now = Instant.now();
        JsonNode page = request("Page", item, patron(), CIRC_DESK_1, now.plus(Duration.ofDays(100)));
        request("Hold", item, patron(), CIRC_DESK_1, now.plus(Duration.ofDays(3)));
        ObjectNode cancel = (ObjectNode) get(page).deepCopy();
        cancel.put("status", "Closed - Cancelled");
        assertThat(s.put("/circulation/requests/" + page.path("id").asText(), cancel).status()).isEqualTo(204);
        assertThat(itemStatus(item)).as("the Hold still waits for it").isEqualTo("Paged");

        assertThat(expire(now.plus(Duration.ofDays(4)))).isGreaterThanOrEqualTo(1);
        assertThat(itemStatus(item)).isEqualTo("Available");
    }

    @Test
    void foliosTimerEndpoint_runsTheExpiryForTheCallingTenant() {
        ObjectNode item = item();
        checkOut(item, patron());
        JsonNode hold = request("Hold", item, patron(), CIRC_DESK_1, Instant.now().minusSeconds(60));
        Api.Reply r = s.post("/scheduled-request-expiration", Json.object());
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        assertThat(get(hold).path("status").asText()).isEqualTo("Closed - Unfilled");
    }

    @Test
    void holdShelfClearanceReport_listsItemsStillOnTheShelfWhoseRequestExpiredOrWasCancelled() {
        ObjectNode expiring = item(), cancelled = item(), waiting = item();
        for (ObjectNode i : List.of(expiring, cancelled, waiting)) checkOut(i, patron());
        Instant far = Instant.now().plus(Duration.ofDays(365));
        JsonNode expiringHold = request("Hold", expiring, patron(), CIRC_DESK_1, far);
        JsonNode cancelledHold = request("Hold", cancelled, patron(), CIRC_DESK_1, far);
        request("Hold", waiting, patron(), CIRC_DESK_1, far);
        for (ObjectNode i : List.of(expiring, cancelled, waiting)) checkIn(i, CIRC_DESK_1);

        ObjectNode cancel = (ObjectNode) get(cancelledHold).deepCopy();
        cancel.put("status", "Closed - Cancelled");
        assertThat(s.put("/circulation/requests/" + cancelledHold.path("id").asText(), cancel).status()).isEqualTo(204);
        assertThat(get(cancelledHold).path("awaitingPickupRequestClosedDate").asText()).isNotEmpty();
        assertThat(clearance(CIRC_DESK_1)).contains(cancelledHold.path("id").asText())
                .doesNotContain(expiringHold.path("id").asText());

        // The three share one shelf date; expire the first alone by moving its date back through storage.
        ObjectNode early = (ObjectNode) get(expiringHold).deepCopy();
        early.put("holdShelfExpirationDate", Instant.now().minusSeconds(60).toString());
        assertThat(s.put("/request-storage/requests/" + expiringHold.path("id").asText(), early).status()).isEqualTo(204);
        assertThat(expire(Instant.now())).isGreaterThanOrEqualTo(1);

        List<String> report = clearance(CIRC_DESK_1);
        assertThat(report).contains(expiringHold.path("id").asText(), cancelledHold.path("id").asText());
        assertThat(clearance(CIRC_DESK_2)).doesNotContain(expiringHold.path("id").asText(),
                cancelledHold.path("id").asText());

        // Taken off the shelf and checked in: no longer on the report.
        checkIn(expiring, CIRC_DESK_1);
        assertThat(clearance(CIRC_DESK_1)).doesNotContain(expiringHold.path("id").asText())
                .contains(cancelledHold.path("id").asText());
    }

    @Test
    void oneRun_closesAtMostItsLimit_theSchedulerCallsAgainForTheRest() throws Exception {
        Instant past = Instant.now().minusSeconds(60);
        for (int i = 0; i < 2; i++) {
            ObjectNode item = item();
            checkOut(item, patron());
            request("Hold", item, patron(), CIRC_DESK_1, past);
        }
        int first = TestServer.get().database().tx(c -> new RequestExpiry().run(c, Tenants.schema(TENANT), Instant.now(), 1));
        assertThat(first).isEqualTo(1);
        assertThat(expire(Instant.now())).as("the rest, in further batches").isGreaterThanOrEqualTo(1);
        assertThat(expire(Instant.now())).isZero();
    }

    @Test
    void anItemADeskHoldsLocked_isSkipped_andExpiredOnTheNextRun() throws Exception {
        ObjectNode item = item();
        checkOut(item, patron());
        JsonNode hold = request("Hold", item, patron(), CIRC_DESK_1, Instant.now().minusSeconds(60));
        CountDownLatch locked = new CountDownLatch(1), release = new CountDownLatch(1);
        CompletableFuture<Void> desk = CompletableFuture.runAsync(() -> TestServer.get().database().tx(c -> {
            // A check-in at a desk holds the item row (check-in and check-out lock the item first).
            Sql.list(c, "SELECT id FROM " + Tenants.schema(TENANT) + ".item WHERE id = ?::uuid FOR UPDATE",
                    List.of(item.path("id").asText()), rs -> rs.getString(1));
            locked.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        }));
        try {
            assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();
            expire(Instant.now());
            assertThat(get(hold).path("status").asText()).as("skipped, not waited for").isEqualTo("Open - Not yet filled");
        } finally {
            release.countDown();
            desk.get(30, TimeUnit.SECONDS);
        }
        expire(Instant.now());
        assertThat(get(hold).path("status").asText()).isEqualTo("Closed - Unfilled");
    }
}
