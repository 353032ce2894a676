package org.quire.oaipmh;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.time.OffsetDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An item change re-dates its instance for marc21_withholdings, except one of circulation's keys only: a check-out
 * and a check-in change nothing the 952 prints.
 */
class OaiItemDatesTest {
    static final String TENANT = "oai_item_dates";
    static final String TOGETHER = "oai_item_dates_tx";

    @Test
    void checkOutAndIn_leaveTheDate_aBarcodeChangeMovesIt() {
        Api.Session s = Fixtures.tenant(TENANT);
        String instance = Fixtures.instance(s, "Dated by its items");
        String item = Fixtures.itemIn(s, Fixtures.holdings(s, instance, Fixtures.MAIN_LIBRARY), "oid-1");
        Fixtures.patron(s, "oid-u1", Fixtures.UNDERGRAD, true);
        OffsetDateTime created = date(TENANT, instance);

        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("oid-1", "oid-u1"));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn("oid-1", Fixtures.CIRC_DESK_1));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        assertThat(date(TENANT, instance)).as("after a check-out and a check-in").isEqualTo(created);

        ObjectNode changed = (ObjectNode) s.get("/item-storage/items/" + item).json();
        changed.put("barcode", "oid-2");
        assertThat(s.put("/item-storage/items/" + item, changed).status()).isEqualTo(204);
        assertThat(date(TENANT, instance)).as("after a new barcode, which the 952 prints").isAfter(created);
    }

    /**
     * An item written in the transaction that wrote its instance (as a data import's chunk writes instance, holdings
     * record and item) leaves the instance as that transaction dated it: the row is not rewritten after the commit.
     * An item added later, in its own transaction, re-dates it.
     */
    @Test
    void anItemWrittenWithItsInstance_leavesItsRow_aLaterItemReDatesIt() {
        Api.Session s = Fixtures.tenant(TOGETHER);
        String schema = Tenants.schema(TOGETHER);
        ObjectNode instance = Json.object().put("title", "Written with its item").put("source", "MARC")
                .put("instanceTypeId", Fixtures.TEXT_TYPE);
        String writer = TestServer.get().database().tx(c -> {
            InventoryTypes.INSTANCES.insert(c, schema, instance, null);
            ObjectNode holdings = InventoryTypes.HOLDINGS.insert(c, schema, Json.object()
                    .put("instanceId", instance.get("id").asText())
                    .put("permanentLocationId", Fixtures.MAIN_LIBRARY), null);
            ObjectNode item = Json.object().put("holdingsRecordId", holdings.get("id").asText()).put("barcode", "oid-3")
                    .put("materialTypeId", Fixtures.BOOK).put("permanentLoanTypeId", Fixtures.CAN_CIRCULATE);
            item.putObject("status").put("name", "Available");
            InventoryTypes.ITEMS.insert(c, schema, item, null);
            return Sql.one(c, "SELECT (pg_current_xact_id()::xid)::text", List.of(), rs -> rs.getString(1))
                    .orElseThrow();
        });
        String id = instance.get("id").asText();
        OffsetDateTime dated = date(TOGETHER, id);
        assertThat(rowWriter(TOGETHER, id)).as("the instance row is still the one its item's transaction wrote")
                .isEqualTo(writer);

        String holdings = TestServer.get().database().read(c -> Sql.one(c, "SELECT id::text FROM " + schema
                + ".holdings_record WHERE instance_id = ?::uuid", List.of(id), rs -> rs.getString(1)).orElseThrow());
        Fixtures.itemIn(s, holdings, "oid-4");
        assertThat(date(TOGETHER, id)).as("after an item added in its own transaction").isAfter(dated);
        assertThat(rowWriter(TOGETHER, id)).isNotEqualTo(writer);
    }

    private static String rowWriter(String tenant, String instance) {
        return TestServer.get().database().read(c -> Sql.one(c, "SELECT xmin::text FROM " + Tenants.schema(tenant)
                + ".instance WHERE id = ?::uuid", List.of(instance), rs -> rs.getString(1)).orElseThrow());
    }

    /** The instance's harvest date once every committed item event is delivered. */
    private static OffsetDateTime date(String tenant, String instance) {
        TestServer.get().events().deliverAll();
        return TestServer.get().database().read(c -> Sql.one(c, "SELECT complete_updated_date FROM "
                + Tenants.schema(tenant) + ".instance WHERE id = ?::uuid", List.of(instance),
                rs -> rs.getObject(1, OffsetDateTime.class)).orElseThrow());
    }
}
