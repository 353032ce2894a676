package org.quire.rtac;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.StatementCount;
import org.quire.platform.Json;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One RTAC request runs the same number of SQL statements for 1 holdings record as for 300 holdings × 2 items
 * (DESIGN.md: O(1) queries per request). Counted by PostgreSQL itself, in pg_stat_statements (preloaded by the
 * embedded PostgreSQL, see Database.embedded), not by the code under test.
 */
class RtacStatementCountTest {
    static final String TENANT = "rtac_count";

    @Test
    void statementsPerRequest_doNotGrowWithHoldingsAndItems() {
        Api.Session s = Fixtures.tenant(TENANT);
        String small = Fixtures.instance(s, "One holdings record");
        String h = Fixtures.holdings(s, small, Fixtures.MAIN_LIBRARY);
        items(s, List.of(h), 1, "one-");

        String large = Fixtures.instance(s, "Three hundred holdings records");
        ArrayNode holdings = Json.array();
        List<String> holdingsIds = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            String id = UUID.randomUUID().toString();
            holdingsIds.add(id);
            holdings.addObject().put("id", id).put("instanceId", large).put("permanentLocationId", Fixtures.MAIN_LIBRARY)
                    .put("callNumber", "CN " + i);
        }
        Api.Reply hr = s.post("/holdings-storage/batch/synchronous", Json.object().set("holdingsRecords", holdings));
        assertThat(hr.status()).as(hr.body()).isEqualTo(201);
        items(s, holdingsIds, 2, "many-");

        // The data is really there: 1 row and 600 rows.
        assertThat(rows(s, small)).isEqualTo(1);
        assertThat(rows(s, large)).isEqualTo(600);

        long one = statements(s, small);
        long many = statements(s, large);
        assertThat(one).as("statements for 1 holdings record").isBetween(1L, 2L);
        assertThat(many).as("statements for 300 holdings × 2 items").isEqualTo(one);
    }

    private static void items(Api.Session s, List<String> holdingsIds, int perHoldings, String prefix) {
        ArrayNode items = Json.array();
        int n = 0;
        for (String h : holdingsIds) {
            for (int i = 0; i < perHoldings; i++) {
                ObjectNode item = items.addObject().put("holdingsRecordId", h).put("barcode", prefix + n++)
                        .put("materialTypeId", Fixtures.BOOK).put("permanentLoanTypeId", Fixtures.CAN_CIRCULATE);
                item.putObject("status").put("name", "Available");
            }
        }
        Api.Reply r = s.post("/item-storage/batch/synchronous", Json.object().set("items", items));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
    }

    private static int rows(Api.Session s, String instanceId) {
        Api.Reply r = s.post("/rtac-batch", Json.object().set("instanceIds", Json.array().add(instanceId)));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().path("holdings").get(0).path("holdings").size();
    }

    /** Statements of one RTAC request; the same request runs once before, so the permission cache is warm in both. */
    private static long statements(Api.Session s, String instanceId) {
        rows(s, instanceId);
        return StatementCount.of(TENANT, () -> rows(s, instanceId));
    }
}
