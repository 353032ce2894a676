package org.quire.circulation;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.StatementCount;
import org.quire.platform.Json;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The round trips the class comments of CheckOut, CheckIn and Renewal promise, counted by PostgreSQL itself
 * (pg_stat_statements), for the PTF baseline's case: fallback rules, no proxy, no limits, no requests, no fine. The
 * count is of statements touching the tenant's schema; COMMIT is not among them, so each is one less than the
 * comment's total. The outbox dispatcher's own statements (background work after commit) are left out.
 */
class CirculationStatementCountTest {
    static final String TENANT = "circ_count";
    static Api.Session s;

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant(TENANT);
        Fixtures.patron(s, "cc-u1", Fixtures.UNDERGRAD, true);
        for (String b : List.of("cc-warm", "cc-1")) Fixtures.item(s, b, Fixtures.BOOK, Fixtures.CAN_CIRCULATE, Fixtures.MAIN_LIBRARY);
    }

    @Test
    void checkOut_renewal_checkIn_runTheStatementsTheirCommentsCount() {
        // Warm the caches (rules text, permissions) that a desk's steady state has warm.
        ok(s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("cc-warm", "cc-u1")), 201);
        ok(s.post("/circulation/check-in-by-barcode", Fixtures.checkIn("cc-warm", Fixtures.CIRC_DESK_1)), 200);

        long out = counted(() -> ok(s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("cc-1", "cc-u1")), 201));
        long renew = counted(() -> ok(s.post("/circulation/renew-by-barcode", Json.object().put("itemBarcode", "cc-1")
                .put("userBarcode", "cc-u1").put("servicePointId", Fixtures.CIRC_DESK_1)), 200));
        long in = counted(() -> ok(s.post("/circulation/check-in-by-barcode",
                Fixtures.checkIn("cc-1", Fixtures.CIRC_DESK_1)), 200));

        assertThat(out).as("check-out statements").isEqualTo(4);
        assertThat(renew).as("renewal statements").isEqualTo(4);
        assertThat(in).as("check-in statements").isEqualTo(2);
    }

    private static Api.Reply ok(Api.Reply r, int status) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        return r;
    }

    private static long counted(Runnable action) {
        return StatementCount.of(TENANT, action);
    }
}
