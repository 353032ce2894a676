package org.quire.inventory;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/**
 * mod-inventory's business API over HTTP: the item state actions (allowed and refused source statuses, what happens
 * to the request the item fulfils, unknown and malformed ids) and the answers of POST/PUT on items and instances.
 */
class InventoryBusinessTest {
    static Api.Session s;
    static final AtomicInteger seq = new AtomicInteger();

    static final List<String> ALL_STATUSES = List.of("Aged to lost", "Available", "Awaiting pickup", "Awaiting delivery",
            "Checked out", "Claimed returned", "Declared lost", "In process", "In process (non-requestable)",
            "In transit", "Intellectual item", "Long missing", "Lost and paid", "Missing", "On order", "Paged",
            "Restricted", "Order closed", "Unavailable", "Unknown", "Withdrawn");

    /** Target status → the source statuses FOLIO allows (mod-inventory validation/status/*TargetItemStatusValidator). */
    static final Map<String, Set<String>> ALLOWED = new LinkedHashMap<>();

    static {
        ALLOWED.put("mark-withdrawn", Set.of("Available", "Awaiting delivery", "Awaiting pickup", "Lost and paid",
                "In process", "Intellectual item", "In process (non-requestable)", "In transit", "Long missing",
                "Missing", "Paged", "Restricted", "Unavailable", "Unknown"));
        ALLOWED.put("mark-missing", Set.of("Available", "Awaiting delivery", "Awaiting pickup", "In transit",
                "In process", "In process (non-requestable)", "Long missing", "Paged", "Unavailable", "Withdrawn"));
        ALLOWED.put("mark-in-process", Set.of("Available", "Awaiting delivery", "Awaiting pickup", "In transit",
                "Lost and paid", "Missing", "Order closed", "Paged", "Withdrawn"));
        ALLOWED.put("mark-in-process-non-requestable", Set.of("Aged to lost", "Available", "Awaiting delivery",
                "Awaiting pickup", "Checked out", "Claimed returned", "Declared lost", "Intellectual item", "In transit",
                "Long missing", "Lost and paid", "Missing", "On order", "Order closed", "Paged", "Restricted",
                "Unavailable", "Unknown", "Withdrawn"));
        ALLOWED.put("mark-intellectual-item", Set.of("Available", "Awaiting delivery", "Awaiting pickup",
                "In process (non-requestable)", "In transit", "Long missing", "Lost and paid", "Missing", "Order closed",
                "Paged", "Unavailable", "Withdrawn"));
        ALLOWED.put("mark-long-missing", Set.of("Available", "Awaiting delivery", "Awaiting pickup", "Intellectual item",
                "In process (non-requestable)", "In transit", "Lost and paid", "Missing", "Order closed", "Paged",
                "Unavailable", "Unknown", "Withdrawn"));
        ALLOWED.put("mark-restricted", Set.of("Aged to lost", "Claimed returned", "Checked out", "Declared lost",
                "Available", "Awaiting delivery", "Awaiting pickup", "Intellectual item", "In process (non-requestable)",
                "In transit", "Long missing", "Lost and paid", "Missing", "On order", "Order closed", "Paged",
                "Unavailable", "Unknown", "Withdrawn"));
        ALLOWED.put("mark-unavailable", Set.of("Available", "Awaiting delivery", "Awaiting pickup",
                "In process (non-requestable)", "In transit", "Long missing", "Lost and paid", "Missing", "Order closed",
                "Paged", "Unknown", "Withdrawn"));
        ALLOWED.put("mark-unknown", Set.of("Available", "Awaiting delivery", "Awaiting pickup", "In transit",
                "Lost and paid", "Missing", "Order closed", "Paged", "Withdrawn"));
    }

    static final Map<String, String> TARGET = Map.of("mark-withdrawn", "Withdrawn", "mark-missing", "Missing",
            "mark-in-process", "In process", "mark-in-process-non-requestable", "In process (non-requestable)",
            "mark-intellectual-item", "Intellectual item", "mark-long-missing", "Long missing",
            "mark-restricted", "Restricted", "mark-unavailable", "Unavailable", "mark-unknown", "Unknown");

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("inventory_business");
    }

    static String next(String prefix) {
        return prefix + "-" + seq.incrementAndGet();
    }

    static ObjectNode item() {
        return Fixtures.item(s, next("ib"), BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
    }

    static String id(JsonNode n) {
        return n.path("id").asText();
    }

    /** Puts the item into a status through storage (as any client may), without a version check. */
    static void setStatus(String itemId, String status) {
        ObjectNode stored = (ObjectNode) s.get("/item-storage/items/" + itemId).json();
        stored.remove("_version");
        stored.putObject("status").put("name", status);
        assertThat(s.put("/item-storage/items/" + itemId, stored).status()).isEqualTo(204);
    }

    static JsonNode stored(String itemId) {
        return s.get("/item-storage/items/" + itemId).json();
    }

    static Api.Reply mark(String itemId, String action) {
        return s.post("/inventory/items/" + itemId + "/" + action, Json.object());
    }

    // ---- item state actions ------------------------------------------------------------------------------------

    @Test
    void everyAction_movesTheItemOnlyFromFolioSourceStatuses() {
        for (var action : ALLOWED.entrySet()) {
            String itemId = id(item());
            String target = TARGET.get(action.getKey());
            for (String source : ALL_STATUSES) {
                setStatus(itemId, source);
                Api.Reply r = mark(itemId, action.getKey());
                String what = action.getKey() + " from " + source;
                if (action.getValue().contains(source)) {
                    assertThat(r.status()).as(what + ": " + r.body()).isEqualTo(200);
                    assertThat(r.json().path("status").path("name").asText()).as(what).isEqualTo(target);
                    assertThat(stored(itemId).path("status").path("name").asText()).as(what).isEqualTo(target);
                } else {
                    assertThat(r.status()).as(what + ": " + r.body()).isEqualTo(422);
                    JsonNode error = r.json().path("errors").get(0);
                    assertThat(error.path("message").asText()).as(what)
                            .isEqualTo("Item is not allowed to be marked as " + target);
                    assertThat(error.path("parameters").get(0).path("key").asText()).isEqualTo("status.name");
                    assertThat(error.path("parameters").get(0).path("value").asText()).as(what).isEqualTo(source);
                    assertThat(stored(itemId).path("status").path("name").asText()).as(what).isEqualTo(source);
                }
            }
        }
    }

    @Test
    void markedItem_isAnsweredInTheBusinessRepresentation_withANewStatusDate() throws InterruptedException {
        ObjectNode item = item();
        String before = stored(id(item)).path("status").path("date").asText();
        Thread.sleep(5);
        Api.Reply r = mark(id(item), "mark-missing");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode body = r.json();
        assertThat(body.path("status").path("name").asText()).isEqualTo("Missing");
        assertThat(Instant.parse(body.path("status").path("date").asText())).isAfter(Instant.parse(before));
        assertThat(body.path("materialType").path("name").asText()).isEqualTo("book");
        assertThat(body.path("permanentLoanType").path("name").asText()).isEqualTo("Can circulate");
        assertThat(body.path("effectiveLocation").path("id").asText()).isEqualTo(MAIN_LIBRARY);
        assertThat(body.path("effectiveLocation").path("name").asText()).isNotEmpty();
        assertThat(body.path("title").asText()).isEqualTo("Title of " + item.path("barcode").asText());
        assertThat(body.path("callNumber").asText()).isEqualTo("QA76 .Q5");
        assertThat(body.path("_version").asInt()).isEqualTo(2);
        assertThat(body).isEqualTo(s.get("/inventory/items/" + id(item)).json());
        // Written through the item store: the typed column follows (CQL on status.name finds it).
        assertThat(s.get("/item-storage/items", "status.name==\"Missing\" and barcode==\"" + item.path("barcode").asText()
                + "\"").json().path("totalRecords").asInt()).isEqualTo(1);
    }

    @Test
    void unknownOrMalformedItemIds_are404_neverA500() {
        for (String action : ALLOWED.keySet()) {
            Api.Reply unknown = mark(UUID.randomUUID().toString(), action);
            assertThat(unknown.status()).as(action).isEqualTo(404);
            assertThat(unknown.body()).isEqualTo("No item found");
            assertThat(mark("not-a-uuid", action).status()).as(action).isEqualTo(404);
        }
        assertThat(s.post("/inventory/items/" + UUID.randomUUID() + "/mark-nonsense", Json.object()).status())
                .isEqualTo(404);
    }

    @Test
    void actionsNeedFolioPermissionNames() {
        String userId = UUID.randomUUID().toString();
        assertThat(s.post("/users", Json.object().put("id", userId).put("username", "ib-clerk").put("active", true))
                .status()).isEqualTo(201);
        assertThat(s.post("/authn/credentials", Json.object().put("userId", userId).put("password", "pw")).status())
                .isEqualTo(201);
        assertThat(s.post("/perms/users", Json.object().put("userId", userId).set("permissions",
                Json.array().add("inventory.items.item.mark-missing.post"))).status()).isEqualTo(201);
        Api.Session clerk = TestServer.api().login("inventory_business", "ib-clerk", "pw");
        String itemId = id(item());
        assertThat(clerk.post("/inventory/items/" + itemId + "/mark-missing", Json.object()).status()).isEqualTo(200);
        Api.Reply denied = clerk.post("/inventory/items/" + itemId + "/mark-withdrawn", Json.object());
        assertThat(denied.status()).isEqualTo(403);
        assertThat(denied.body()).contains("inventory.items.item.mark-withdrawn.post");
    }

    // ---- what the actions do to requests -------------------------------------------------------------------------

    static JsonNode pageRequest(JsonNode item, String pickup) {
        ObjectNode requester = Fixtures.patron(s, next("ib-user"), UNDERGRAD, true);
        ObjectNode body = Json.object().put("requestType", "Page").put("requestLevel", "Item")
                .put("itemId", id(item)).put("holdingsRecordId", item.path("holdingsRecordId").asText())
                .put("requesterId", id(requester)).put("pickupServicePointId", pickup)
                .put("fulfillmentPreference", "Hold Shelf").put("requestDate", Instant.now().toString())
                .put("requestExpirationDate", Instant.now().plus(Duration.ofDays(30)).toString());
        Api.Reply r = s.post("/circulation/requests", body);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    static void checkIn(JsonNode item, String servicePoint) {
        Api.Reply r = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn(item.path("barcode").asText(), servicePoint));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    static JsonNode request(JsonNode request) {
        return s.get("/request-storage/requests/" + id(request)).json();
    }

    @Test
    void withdrawingAnItemAwaitingPickup_putsItsRequestBackToNotYetFilled() {
        ObjectNode item = item();
        JsonNode page = pageRequest(item, CIRC_DESK_1);
        checkIn(item, CIRC_DESK_1);
        JsonNode awaiting = request(page);
        assertThat(awaiting.path("status").asText()).isEqualTo("Open - Awaiting pickup");

        Api.Reply r = mark(id(item), "mark-withdrawn");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("status").path("name").asText()).isEqualTo("Withdrawn");
        JsonNode after = request(page);
        assertThat(after.path("status").asText()).isEqualTo("Open - Not yet filled");
        // FOLIO PUTs the request with only its status changed: position and hold shelf expiry stay.
        assertThat(after.path("position").asInt()).isEqualTo(1);
        assertThat(after.path("holdShelfExpirationDate").asText())
                .isEqualTo(awaiting.path("holdShelfExpirationDate").asText());
        assertThat(s.get("/circulation/requests/queue/item/" + id(item)).json().path("totalRecords").asInt()).isEqualTo(1);
    }

    @Test
    void markingAnItemInTransitMissing_putsItsRequestBackToNotYetFilled() {
        ObjectNode item = item();
        JsonNode page = pageRequest(item, CIRC_DESK_1);
        checkIn(item, CIRC_DESK_2);
        assertThat(stored(id(item)).path("status").path("name").asText()).isEqualTo("In transit");
        assertThat(request(page).path("status").asText()).isEqualTo("Open - In transit");

        assertThat(mark(id(item), "mark-missing").status()).isEqualTo(200);
        assertThat(request(page).path("status").asText()).isEqualTo("Open - Not yet filled");
        assertThat(stored(id(item)).path("status").path("name").asText()).isEqualTo("Missing");
    }

    @Test
    void aRequestExpiredOnTheHoldShelf_orNotInFulfilment_isLeftAlone() {
        ObjectNode item = item();
        JsonNode page = pageRequest(item, CIRC_DESK_1);
        checkIn(item, CIRC_DESK_1);
        ObjectNode expired = (ObjectNode) request(page);
        expired.put("holdShelfExpirationDate", Instant.now().minus(Duration.ofDays(1)).toString());
        assertThat(s.put("/request-storage/requests/" + id(page), expired).status()).isEqualTo(204);
        assertThat(mark(id(item), "mark-unavailable").status()).isEqualTo(200);
        assertThat(request(page).path("status").asText()).isEqualTo("Open - Awaiting pickup");

        ObjectNode paged = item();
        JsonNode notYetFilled = pageRequest(paged, CIRC_DESK_1);
        String updated = request(notYetFilled).path("metadata").path("updatedDate").asText();
        assertThat(mark(id(paged), "mark-missing").status()).isEqualTo(200);
        assertThat(request(notYetFilled).path("status").asText()).isEqualTo("Open - Not yet filled");
        assertThat(request(notYetFilled).path("metadata").path("updatedDate").asText()).isEqualTo(updated);
    }

    @Test
    void aRefusedAction_changesNoRequest() {
        ObjectNode item = item();
        JsonNode page = pageRequest(item, CIRC_DESK_1);
        checkIn(item, CIRC_DESK_1);
        setStatus(id(item), "Checked out"); // not a source Withdrawn allows
        Api.Reply r = mark(id(item), "mark-withdrawn");
        assertThat(r.status()).isEqualTo(422);
        assertThat(request(page).path("status").asText()).isEqualTo("Open - Awaiting pickup");
    }

    // ---- POST/PUT answers --------------------------------------------------------------------------------------

    static ObjectNode businessItem(String holdingsId, String barcode) {
        ObjectNode item = Json.object().put("holdingsRecordId", holdingsId).put("barcode", barcode);
        item.putObject("materialType").put("id", BOOK);
        item.putObject("permanentLoanType").put("id", CAN_CIRCULATE);
        item.putObject("status").put("name", "Available");
        return item;
    }

    @Test
    void postItem_takesNamedReferences_andAnswers201WithTheRepresentation() {
        String h = Fixtures.holdings(s, Fixtures.instance(s, "Posted through inventory"), MAIN_LIBRARY);
        Api.Reply r = s.post("/inventory/items", businessItem(h, "ib-post-1"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(r.header("Location")).isEmpty();
        JsonNode body = r.json();
        assertThat(body.path("materialType").path("id").asText()).isEqualTo(BOOK);
        assertThat(body.path("materialType").path("name").asText()).isEqualTo("book");
        assertThat(body.path("permanentLoanType").path("name").asText()).isEqualTo("Can circulate");
        assertThat(body.path("effectiveLocation").path("id").asText()).isEqualTo(MAIN_LIBRARY);
        assertThat(body.path("status").path("name").asText()).isEqualTo("Available");
        assertThat(body.path("status").path("date").asText()).isNotEmpty();
        assertThat(body.path("title").asText()).isEqualTo("Posted through inventory");
        assertThat(body.path("hrid").asText()).startsWith("it");
        assertThat(body.has("materialTypeId")).isTrue();
        assertThat(body).isEqualTo(s.get("/inventory/items/" + id(body)).json());
        assertThat(stored(id(body)).path("materialTypeId").asText()).isEqualTo(BOOK);
        assertThat(stored(id(body)).has("materialType")).as("named references are not stored").isFalse();
    }

    @Test
    void postItem_refusals_asModInventory() {
        String h = Fixtures.holdings(s, Fixtures.instance(s, "Refusals"), MAIN_LIBRARY);
        ObjectNode noStatus = businessItem(h, "ib-ref-1");
        noStatus.remove("status");
        Api.Reply r = s.post("/inventory/items", noStatus);
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().path("errors").get(0).path("message").asText()).isEqualTo("Status is a required field");
        assertThat(r.json().path("errors").get(0).path("parameters").get(0).path("key").asText()).isEqualTo("status");

        ObjectNode badStatus = businessItem(h, "ib-ref-1");
        badStatus.putObject("status").put("name", "Lent");
        r = s.post("/inventory/items", badStatus);
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().path("errors").get(0).path("message").asText()).isEqualTo("Undefined status specified");
        assertThat(r.json().path("errors").get(0).path("parameters").get(0).path("value").asText()).isEqualTo("Lent");

        assertThat(s.post("/inventory/items", businessItem(h, "ib-ref-1")).status()).isEqualTo(201);
        Api.Reply dup = s.post("/inventory/items", businessItem(h, "ib-ref-1"));
        assertThat(dup.status()).isEqualTo(400);
        assertThat(dup.body()).isEqualTo("Barcode must be unique, ib-ref-1 is already assigned to another item");

        Api.Reply noMaterialType = s.post("/inventory/items", businessItem(h, "ib-ref-2").without("materialType"));
        assertThat(noMaterialType.status()).isEqualTo(422);
        assertThat(s.api().send("POST", "/inventory/items", "{not json", s.tenant(), s.token()).status()).isEqualTo(400);
        assertThat(s.post("/inventory/items", businessItem("not-a-uuid", "ib-ref-3")).status()).isEqualTo(422);
    }

    @Test
    void putItem_acceptsTheRepresentation_answers204_andRefusesAsModInventory() {
        String h = Fixtures.holdings(s, Fixtures.instance(s, "Put through inventory"), MAIN_LIBRARY);
        JsonNode created = s.post("/inventory/items", businessItem(h, "ib-put-1")).json();
        ObjectNode edited = created.deepCopy();
        edited.put("copyNumber", "c.2");
        edited.putObject("materialType").put("id", DVD).put("name", "dvd");
        edited.put("materialTypeId", BOOK); // the named reference wins, as in mod-inventory
        Api.Reply r = s.put("/inventory/items/" + id(created), edited);
        assertThat(r.status()).as(r.body()).isEqualTo(204);
        assertThat(r.body()).isEmpty();
        JsonNode after = s.get("/inventory/items/" + id(created)).json();
        assertThat(after.path("copyNumber").asText()).isEqualTo("c.2");
        assertThat(after.path("materialType").path("name").asText()).isEqualTo("dvd");
        assertThat(after.path("_version").asInt()).isEqualTo(2);

        ObjectNode hrid = after.deepCopy();
        hrid.put("hrid", "it-other");
        Api.Reply hridChange = s.put("/inventory/items/" + id(created), hrid);
        assertThat(hridChange.status()).isEqualTo(422);
        assertThat(hridChange.json().path("errors").get(0).path("message").asText()).isEqualTo("HRID can not be updated");

        setStatus(id(created), "Claimed returned");
        ObjectNode missing = (ObjectNode) s.get("/inventory/items/" + id(created)).json();
        missing.putObject("status").put("name", "Missing");
        Api.Reply claimed = s.put("/inventory/items/" + id(created), missing);
        assertThat(claimed.status()).isEqualTo(422);
        assertThat(claimed.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Claimed returned item cannot be marked as missing");

        s.post("/inventory/items", businessItem(h, "ib-put-2"));
        ObjectNode taken = (ObjectNode) s.get("/inventory/items/" + id(created)).json();
        taken.put("barcode", "ib-put-2");
        Api.Reply dup = s.put("/inventory/items/" + id(created), taken);
        assertThat(dup.status()).isEqualTo(400);
        assertThat(dup.body()).isEqualTo("Barcode must be unique, ib-put-2 is already assigned to another item");

        Api.Reply unknown = s.put("/inventory/items/" + UUID.randomUUID(), after);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).isEqualTo("No item found");
        assertThat(s.put("/inventory/items/not-a-uuid", after).status()).isEqualTo(404);
    }

    @Test
    void postInstance_answers201WithLocationAndTheRepresentation_putAnswers204() {
        ObjectNode instance = Json.object().put("title", "A business instance").put("source", "FOLIO")
                .put("instanceTypeId", TEXT_TYPE);
        Api.Reply r = s.post("/inventory/instances", instance);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        JsonNode body = r.json();
        assertThat(r.header("Location")).hasValue("/inventory/instances/" + id(body));
        assertThat(body.path("title").asText()).isEqualTo("A business instance");
        assertThat(body.path("hrid").asText()).startsWith("in");
        assertThat(body.path("isBoundWith").asBoolean(true)).isFalse();
        for (String list : List.of("parentInstances", "childInstances", "precedingTitles", "succeedingTitles"))
            assertThat(body.path(list).isArray()).as(list).isTrue();
        assertThat(body).isEqualTo(s.get("/inventory/instances/" + id(body)).json());
        assertThat(s.get("/inventory/instances", "id==" + id(body)).json().path("instances").get(0)).isEqualTo(body);
        assertThat(s.get("/instance-storage/instances/" + id(body)).json().has("isBoundWith")).isFalse();

        ObjectNode edited = body.deepCopy();
        edited.put("title", "A renamed business instance");
        Api.Reply put = s.put("/inventory/instances/" + id(body), edited);
        assertThat(put.status()).as(put.body()).isEqualTo(204);
        assertThat(put.body()).isEmpty();
        assertThat(s.get("/inventory/instances/" + id(body)).json().path("title").asText())
                .isEqualTo("A renamed business instance");

        ObjectNode hrid = edited.deepCopy().put("hrid", "in-other");
        Api.Reply hridChange = s.put("/inventory/instances/" + id(body), hrid);
        assertThat(hridChange.status()).isEqualTo(422);
        assertThat(hridChange.json().path("errors").get(0).path("message").asText()).isEqualTo("HRID can not be updated");
        Api.Reply unknown = s.put("/inventory/instances/" + UUID.randomUUID(), edited);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).isEqualTo("Instance not found");
        assertThat(s.put("/inventory/instances/nope", edited).status()).isEqualTo(404);

        Api.Reply noTitle = s.post("/inventory/instances", instance.deepCopy().put("title", " "));
        assertThat(noTitle.status()).isEqualTo(400);
        assertThat(noTitle.body()).isEqualTo("Title must be provided for an instance");
        assertThat(s.api().send("POST", "/inventory/instances", "[", s.tenant(), s.token()).status()).isEqualTo(400);
        assertThat(s.get("/inventory/instances", "nosuchindex==x").status()).isEqualTo(400);
    }
}
