package org.quire.oaipmh;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
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

    @Test
    void checkOutAndIn_leaveTheDate_aBarcodeChangeMovesIt() {
        Api.Session s = Fixtures.tenant(TENANT);
        String instance = Fixtures.instance(s, "Dated by its items");
        String item = Fixtures.itemIn(s, Fixtures.holdings(s, instance, Fixtures.MAIN_LIBRARY), "oid-1");
        Fixtures.patron(s, "oid-u1", Fixtures.UNDERGRAD, true);
        OffsetDateTime created = date(instance);

        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("oid-1", "oid-u1"));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        Api.Reply in = s.post("/circulation/check-in-by-barcode", Fixtures.checkIn("oid-1", Fixtures.CIRC_DESK_1));
        assertThat(in.status()).as(in.body()).isEqualTo(200);
        assertThat(date(instance)).as("after a check-out and a check-in").isEqualTo(created);

        ObjectNode changed = (ObjectNode) s.get("/item-storage/items/" + item).json();
        changed.put("barcode", "oid-2");
        assertThat(s.put("/item-storage/items/" + item, changed).status()).isEqualTo(204);
        assertThat(date(instance)).as("after a new barcode, which the 952 prints").isAfter(created);
    }

    /** The instance's harvest date once every committed item event is delivered. */
    private static OffsetDateTime date(String instance) {
        TestServer.get().events().deliverAll();
        return TestServer.get().database().read(c -> Sql.one(c, "SELECT complete_updated_date FROM "
                + Tenants.schema(TENANT) + ".instance WHERE id = ?::uuid", List.of(instance),
                rs -> rs.getObject(1, OffsetDateTime.class)).orElseThrow());
    }
}
