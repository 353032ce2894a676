package org.quire.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import javax.sql.DataSource;
import java.util.List;
import java.util.Map;

/**
 * The PTF's check-in/check-out: each iteration checks an available item out to a random patron (57%) or checks a
 * checked-out item in (43%). The transaction is the single POST; with {@link UiCalls} it is also every GET FOLIO's
 * check-out and check-in screens make around it (folio-api.md §5.1), each reported on its own and summed as a
 * transaction.
 */
final class CicoWorkflow implements Workflow {
    static final String CHECK_OUT = "POST /circulation/check-out-by-barcode";
    static final String CHECK_IN = "POST /circulation/check-in-by-barcode";
    static final String TX_CHECK_OUT = "transaction: check-out (UI calls + POST)";
    static final String TX_CHECK_IN = "transaction: check-in (UI calls + POST)";

    private final UiCalls uiCalls;

    /** @param uiCalls the screens' GETs, or null for the POST alone */
    CicoWorkflow(UiCalls uiCalls) {
        this.uiCalls = uiCalls;
    }

    @Override
    public LoadRunner.Iteration quireUser(Measurements m, TenantData t) {
        if (uiCalls != null) {
            m.excludeFromTimeline(TX_CHECK_OUT);
            m.excludeFromTimeline(TX_CHECK_IN);
        }
        return () -> {
            TenantData.Taken taken = t.quire().take();
            if (taken == null) {
                Thread.sleep(50);
                return;
            }
            boolean ok = taken.checkOut() ? checkOut(m, t, taken.barcode()) : checkIn(m, t, taken.barcode());
            t.quire().done(taken, ok);
        };
    }

    private boolean checkOut(Measurements m, TenantData t, String itemBarcode) throws InterruptedException {
        TenantData.Patron p = t.randomPatron();
        UiCalls.Values v = new UiCalls.Values(p.id(), p.barcode(), itemBarcode, null, null, t.servicePointId(), null);
        long start = System.nanoTime();
        boolean uiOk = uiCalls == null || uiCalls.run(m, t.session(), uiCalls.checkOutBefore(), v);
        BenchHttp.Reply r = Timed.call(m, CHECK_OUT, () -> t.session().post("/circulation/check-out-by-barcode",
                Json.object().put("itemBarcode", itemBarcode).put("userBarcode", p.barcode())
                        .put("servicePointId", t.servicePointId())));
        if (uiCalls != null) {
            uiOk &= uiCalls.run(m, t.session(), uiCalls.checkOutAfter(), v);
            m.record(TX_CHECK_OUT, start, System.nanoTime(), uiOk && r != null && r.status() == 201);
        }
        return r != null && r.status() == 201;
    }

    private boolean checkIn(Measurements m, TenantData t, String itemBarcode) throws InterruptedException {
        UiCalls.Values v = new UiCalls.Values(null, null, itemBarcode, null, null, t.servicePointId(), null);
        long start = System.nanoTime();
        boolean uiOk = uiCalls == null || uiCalls.run(m, t.session(), uiCalls.checkInBefore(), v);
        BenchHttp.Reply r = Timed.call(m, CHECK_IN, () -> t.session().post("/circulation/check-in-by-barcode",
                Json.object().put("itemBarcode", itemBarcode).put("servicePointId", t.servicePointId())
                        .put("checkInDate", Json.date(java.time.Instant.now()))));
        boolean ok = r != null && r.status() == 200;
        if (uiCalls != null) {
            // The screen's follow-up calls name the loan's borrower and lost-item policy from the response.
            JsonNode loan = ok ? r.json().path("loan") : Json.object();
            uiOk &= uiCalls.run(m, t.session(), uiCalls.checkInAfter(), new UiCalls.Values(loan.path("userId").asText(null),
                    null, itemBarcode, loan.path("itemId").asText(null), loan.path("id").asText(null),
                    t.servicePointId(), loan.path("lostItemPolicyId").asText(null)));
            m.record(TX_CHECK_IN, start, System.nanoTime(), uiOk && ok);
        }
        return ok;
    }

    @Override
    public LoadRunner.Iteration sqlFloorUser(Measurements m, TenantData t, DataSource db) {
        CicoSqlFloor floor = new CicoSqlFloor(db, "tenant_" + t.tenant(), t.servicePointId());
        return () -> {
            TenantData.Taken taken = t.floor().take();
            if (taken == null) {
                Thread.sleep(50);
                return;
            }
            long start = System.nanoTime();
            boolean ok;
            try {
                if (taken.checkOut()) floor.checkOut(taken.barcode(), t.randomPatron().barcode());
                else floor.checkIn(taken.barcode());
                ok = true;
            } catch (java.sql.SQLException | IllegalStateException e) {
                ok = false;
                m.error(taken.checkOut() ? CicoSqlFloor.CHECK_OUT : CicoSqlFloor.CHECK_IN, e.getMessage());
            }
            m.record(taken.checkOut() ? CicoSqlFloor.CHECK_OUT : CicoSqlFloor.CHECK_IN, start, System.nanoTime(), ok);
            t.floor().done(taken, ok);
        };
    }

    @Override
    public Map<String, String> sqlFloorOf() {
        return Map.of(CHECK_OUT, CicoSqlFloor.CHECK_OUT, CHECK_IN, CicoSqlFloor.CHECK_IN);
    }

    @Override
    public List<String> sqlFloorNotes() {
        return List.of(CicoSqlFloor.DESCRIPTION);
    }

    @Override
    public List<String> notes() {
        return uiCalls == null ? List.of() : uiCalls.notes();
    }
}
