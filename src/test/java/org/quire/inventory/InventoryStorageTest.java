package org.quire.inventory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.StatementCount;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.Fixtures.*;

/** FOLIO's inventory storage contract: derived fields, integrity, optimistic locking, batches and CQL. */
class InventoryStorageTest {
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant("inventory_storage");
    }

    static List<String> barcodes(Api.Reply r) {
        List<String> out = new ArrayList<>();
        r.json().path("items").forEach(i -> out.add(i.path("barcode").asText()));
        return out;
    }

    @Test
    void item_derivesEffectiveLocationAndCallNumber_fromItsHoldings() {
        ObjectNode item = Fixtures.item(s, "inv-eff-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        assertThat(item.path("effectiveLocationId").asText()).isEqualTo(MAIN_LIBRARY);
        assertThat(item.path("effectiveCallNumberComponents").path("callNumber").asText()).isEqualTo("QA76 .Q5");
        assertThat(item.path("hrid").asText()).startsWith("it");
        // Moving the holdings moves the item's effective location.
        String hid = item.path("holdingsRecordId").asText();
        ObjectNode h = (ObjectNode) s.get("/holdings-storage/holdings/" + hid).json();
        h.put("temporaryLocationId", ONLINE);
        assertThat(s.put("/holdings-storage/holdings/" + hid, h).status()).isEqualTo(204);
        JsonNode after = s.get("/item-storage/items/" + item.path("id").asText()).json();
        assertThat(after.path("effectiveLocationId").asText()).isEqualTo(ONLINE);
        // The business view names the references.
        JsonNode view = s.get("/inventory/items", "barcode==\"inv-eff-1\"").json().path("items").get(0);
        assertThat(view.path("effectiveLocation").path("name").asText()).isEqualTo("Online");
        assertThat(view.path("materialType").path("name").asText()).isEqualTo("book");
        assertThat(view.path("title").asText()).isEqualTo("Title of inv-eff-1");
    }

    /**
     * Issue 11: a holdings change pushed down to its items is written by the user who changed the holdings record
     * (the push-down used to drop updatedByUserId), in one read of the items (locked) and one batch — it used to
     * read the locked items again and then the holdings record it had just written.
     */
    @Test
    void holdingsChange_pushedDownToItems_keepsTheWriter_andReadsEachRowOnce() {
        String hid = Fixtures.holdings(s, Fixtures.instance(s, "Push-down"), MAIN_LIBRARY);
        List<String> itemIds = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ObjectNode it = Json.object().put("holdingsRecordId", hid).put("barcode", "inv-push-" + i)
                    .put("materialTypeId", BOOK).put("permanentLoanTypeId", CAN_CIRCULATE);
            it.putObject("status").put("name", "Available");
            Api.Reply r = s.post("/item-storage/items", it);
            assertThat(r.status()).as(r.body()).isEqualTo(201);
            itemIds.add(r.json().path("id").asText());
        }
        JsonNode before = s.get("/item-storage/items/" + itemIds.getFirst()).json();

        ObjectNode h = (ObjectNode) s.get("/holdings-storage/holdings/" + hid).json();
        h.put("temporaryLocationId", ONLINE).put("callNumber", "QA76 .P8");
        long statements = StatementCount.of("inventory_storage",
                () -> assertThat(s.put("/holdings-storage/holdings/" + hid, h).status()).isEqualTo(204));
        // lock the holdings record, write it, lock and read its items, write them in one JDBC batch (one round
        // trip, which PostgreSQL counts as one call per item)
        assertThat(statements).isEqualTo(3 + itemIds.size());

        String writer = s.get("/holdings-storage/holdings/" + hid).json().path("metadata").path("updatedByUserId").asText();
        assertThat(writer).isNotEmpty();
        for (String id : itemIds) {
            JsonNode after = s.get("/item-storage/items/" + id).json();
            assertThat(after.path("effectiveLocationId").asText()).isEqualTo(ONLINE);
            assertThat(after.path("effectiveCallNumberComponents").path("callNumber").asText()).isEqualTo("QA76 .P8");
            assertThat(after.path("metadata").path("updatedByUserId").asText()).as("item %s", id).isEqualTo(writer);
        }
        JsonNode first = s.get("/item-storage/items/" + itemIds.getFirst()).json();
        assertThat(first.path("_version").asInt()).isEqualTo(before.path("_version").asInt() + 1);
        assertThat(first.path("metadata").path("createdDate")).isEqualTo(before.path("metadata").path("createdDate"));
        assertThat(first.path("hrid")).isEqualTo(before.path("hrid"));

        // a change no item depends on touches no item
        ObjectNode again = (ObjectNode) s.get("/holdings-storage/holdings/" + hid).json();
        again.put("shelvingTitle", "Shelved");
        assertThat(StatementCount.of("inventory_storage",
                () -> assertThat(s.put("/holdings-storage/holdings/" + hid, again).status()).isEqualTo(204)))
                .isEqualTo(2);
    }

    @Test
    void holdingsWithItems_cannotBeDeleted() {
        ObjectNode item = Fixtures.item(s, "inv-del-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        String hid = item.path("holdingsRecordId").asText();
        Api.Reply r = s.delete("/holdings-storage/holdings/" + hid);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("still has items");
        assertThat(s.delete("/item-storage/items/" + item.path("id").asText()).status()).isEqualTo(204);
        assertThat(s.delete("/holdings-storage/holdings/" + hid).status()).isEqualTo(204);
        assertThat(s.get("/holdings-storage/holdings/" + hid).status()).isEqualTo(404);
    }

    @Test
    void barcodesAreUnique_andMissingRequiredFieldsAre422() {
        Fixtures.item(s, "inv-dup-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        String h = Fixtures.holdings(s, Fixtures.instance(s, "Dup"), MAIN_LIBRARY);
        ObjectNode dup = Json.object().put("holdingsRecordId", h).put("barcode", "inv-dup-1").put("materialTypeId", BOOK)
                .put("permanentLoanTypeId", CAN_CIRCULATE);
        dup.putObject("status").put("name", "Available");
        Api.Reply r = s.post("/item-storage/items", dup);
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().path("errors").get(0).path("message").asText())
                .isEqualTo("Barcode must be unique, inv-dup-1 is already assigned to another item");
        Api.Reply missing = s.post("/item-storage/items", Json.object().put("holdingsRecordId", h));
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().path("errors").findValuesAsText("key")).contains("materialTypeId", "permanentLoanTypeId");
        Fixtures.patron(s, "inv-user-dup", UNDERGRAD, true);
        assertThat(s.post("/users", Json.object().put("username", "other").put("barcode", "inv-user-dup")).status())
                .isEqualTo(422);
    }

    @Test
    void staleVersion_is409() {
        ObjectNode item = Fixtures.item(s, "inv-ver-1", BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        String path = "/item-storage/items/" + item.path("id").asText();
        assertThat(s.put(path, item.deepCopy().put("copyNumber", "1")).status()).isEqualTo(204);
        Api.Reply stale = s.put(path, item.deepCopy().put("copyNumber", "2"));
        assertThat(stale.status()).isEqualTo(409);
        assertThat(s.get(path).json().path("_version").asInt()).isEqualTo(2);
    }

    @Test
    void batchSynchronous_isAllOrNothing() {
        String h = Fixtures.holdings(s, Fixtures.instance(s, "Batch"), MAIN_LIBRARY);
        List<ObjectNode> items = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ObjectNode it = Json.object().put("holdingsRecordId", h).put("barcode", "inv-batch-" + i)
                    .put("materialTypeId", BOOK).put("permanentLoanTypeId", CAN_CIRCULATE);
            it.putObject("status").put("name", "Available");
            items.add(it);
        }
        ObjectNode body = Json.object();
        body.putArray("items").addAll(items);
        assertThat(s.post("/item-storage/batch/synchronous", body).status()).isEqualTo(201);
        assertThat(s.get("/item-storage/items", "barcode==inv-batch-*").json().path("totalRecords").asInt()).isEqualTo(3);
        ObjectNode bad = Json.object();
        bad.putArray("items").add(items.getFirst().deepCopy().put("barcode", "inv-batch-new").put("id",
                java.util.UUID.randomUUID().toString())).add(Json.object().put("barcode", "no-holdings"));
        assertThat(s.post("/item-storage/batch/synchronous", bad).status()).isEqualTo(422);
        assertThat(s.get("/item-storage/items", "barcode==inv-batch-new").json().path("totalRecords").asInt()).isZero();
    }

    @Test
    void cqlRelations_onItems_users_andLoans() {
        for (int i = 1; i <= 3; i++) Fixtures.item(s, "cql-" + i, i == 3 ? DVD : BOOK, CAN_CIRCULATE, MAIN_LIBRARY);
        assertThat(barcodes(s.get("/item-storage/items", "barcode==\"cql-2\""))).containsExactly("cql-2");
        assertThat(barcodes(s.get("/item-storage/items", "barcode=cql-* sortBy barcode/sort.descending")))
                .containsExactly("cql-3", "cql-2", "cql-1");
        assertThat(barcodes(s.get("/item-storage/items", "barcode=cql-* and materialTypeId<>" + BOOK))).containsExactly("cql-3");
        assertThat(barcodes(s.get("/item-storage/items", "barcode>=cql-2 and barcode<cql-4 sortBy barcode")))
                .containsExactly("cql-2", "cql-3");
        assertThat(barcodes(s.get("/item-storage/items", "barcode any \"cql-1 cql-3\" sortBy barcode")))
                .containsExactly("cql-1", "cql-3");
        assertThat(barcodes(s.get("/item-storage/items", "(barcode==cql-1 or barcode==cql-2) not barcode==cql-2")))
                .containsExactly("cql-1");
        assertThat(s.get("/item-storage/items", "cql.allRecords=1").json().path("totalRecords").asInt()).isGreaterThanOrEqualTo(3);

        Fixtures.patron(s, "cql-u1", UNDERGRAD, true);
        Fixtures.patron(s, "cql-u2", STAFF, false);
        assertThat(s.get("/users", "personal.firstName=\"CQL-U*\"").json().path("totalRecords").asInt()).isEqualTo(2);
        assertThat(s.get("/users", "active==false and barcode=cql-*").json().path("users").get(0).path("barcode").asText())
                .isEqualTo("cql-u2");
        assertThat(s.get("/users", "cql-u1").json().path("totalRecords").asInt()).as("bare term: keyword fields").isEqualTo(1);
        assertThat(s.get("/users", "patronGroup==" + STAFF + " and barcode=cql-*").json().path("totalRecords").asInt()).isEqualTo(1);

        assertThat(s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("cql-1", "cql-u1")).status()).isEqualTo(201);
        assertThat(s.get("/loan-storage/loans", "status.name==Open and loanDate>2020-01-01").json().path("totalRecords").asInt())
                .isEqualTo(1);
        assertThat(s.get("/loan-storage/loans", "loanDate<2020-01-01").json().path("totalRecords").asInt()).isZero();
        assertThat(s.get("/loan-storage/loans", "renewalCount==0 and action==checkedout").json().path("totalRecords").asInt())
                .isEqualTo(1);
        assertThat(s.get("/loan-storage/loans", "dueDate=\"not a date\"").status()).isEqualTo(400);
        // RMB sorts by any JSON property, one no record has included (its storage modules answer 200)
        assertThat(s.get("/item-storage/items", "barcode==x sortBy nosuchfield").status()).isEqualTo(200);
        assertThat(s.get("/item-storage/items", "barcode==x sortBy no-such-field").status()).isEqualTo(400);
        assertThat(s.get("/item-storage/items", "barcode prox x").status()).isEqualTo(400);
    }

    @Test
    void referenceDataIsLoaded_andServedWithFolioCollectionKeys() {
        assertThat(s.get("/material-types?limit=100").json().path("mtypes").size()).isEqualTo(8);
        assertThat(s.get("/loan-types").json().path("totalRecords").asInt()).isEqualTo(4);
        assertThat(s.get("/service-points", "code==cd1").json().path("servicepoints").get(0).path("name").asText())
                .isEqualTo("Circ Desk 1");
        assertThat(s.get("/locations?limit=10").json().path("locations").size()).isEqualTo(6);
        assertThat(s.get("/location-units/libraries").json().path("loclibs").size()).isEqualTo(2);
        assertThat(s.get("/groups").json().path("usergroups").size()).isEqualTo(4);
        assertThat(s.get("/identifier-types?limit=100").json().path("identifierTypes").size()).isEqualTo(30);
        assertThat(s.get("/staff-slips-storage/staff-slips").json().path("staffSlips").size()).isEqualTo(4);
    }
}
