package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.jobs.Jobs;
import org.quire.platform.records.RecordStore;

import java.time.Instant;

/**
 * mod-circulation's lost and claimed-returned endpoints on one loan, and its two timer endpoints for aging to lost
 * (which run Quire's jobs for the calling tenant now; the scheduler runs them every half hour anyway).
 */
public final class LostItemsApi {
    private LostItemsApi() {
    }

    public static void register(Router r, Database db, Jobs jobs) {
        DeclareLost declareLost = new DeclareLost(db);
        ClaimReturned claimReturned = new ClaimReturned(db);
        AgeToLost ageToLost = new AgeToLost();
        AgedToLostBilling billing = new AgedToLostBilling();
        jobs.add(ageToLost);
        jobs.add(billing);

        r.post("/circulation/loans/{id}/declare-item-lost", "circulation.loans.declare-item-lost.post", req -> {
            ObjectNode b = req.json();
            String sp = Json.text(b, "servicePointId");
            if (sp == null || sp.isBlank()) throw ApiException.unprocessable(
                    "A service point is required for item to be declared lost", null, "servicePointId", sp);
            declareLost.declare(new DeclareLost.Request(req.pathUuid("id"), CirculationApi.date(b, "declaredLostDateTime"),
                    Json.text(b, "comment"), RecordStore.uuid(sp, "servicePointId"), req.schema(), req.userId()));
            return Response.noContent();
        });
        r.post("/circulation/loans/{id}/claim-item-returned", "circulation.loans.claim-item-returned.post", req -> {
            ObjectNode b = req.json();
            Instant date = CirculationApi.date(b, "itemClaimedReturnedDateTime");
            if (date == null) throw ApiException.unprocessable("Item claimed returned date is a required field", null,
                    "itemClaimedReturnedDateTime", null);
            claimReturned.claim(req.schema(), req.pathUuid("id"), date, Json.text(b, "comment"), req.userId());
            return Response.noContent();
        });
        r.post("/circulation/loans/{id}/declare-claimed-returned-item-as-missing",
                "circulation.loans.declare-claimed-returned-item-as-missing.post", req -> {
                    String comment = Json.text(req.json(), "comment");
                    if (comment == null || comment.isBlank()) throw ApiException.unprocessable(
                            "Comment is a required field", null, "comment", null);
                    claimReturned.declareMissing(req.schema(), req.pathUuid("id"), comment, req.userId());
                    return Response.noContent();
                });
        r.post("/circulation/scheduled-age-to-lost", "circulation.scheduled-age-to-lost.post", req -> {
            jobs.runNow(ageToLost.name(), req.tenant(), Instant.now());
            return Response.noContent();
        });
        r.post("/circulation/scheduled-age-to-lost-fee-charging", "circulation.scheduled-age-to-lost-fee-charging.post",
                req -> {
                    jobs.runNow(billing.name(), req.tenant(), Instant.now());
                    return Response.noContent();
                });
    }
}
