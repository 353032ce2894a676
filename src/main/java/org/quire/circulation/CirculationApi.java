package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Handler;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordStore;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.quire.circulation.CirculationTypes.*;

/** mod-circulation's business endpoints and mod-circulation-storage's storage endpoints. */
public final class CirculationApi {
    private CirculationApi() {
    }

    /** The circulation use cases the routes run, for the other protocols that drive them (SIP2). */
    public record UseCases(CheckOut checkOut, CheckIn checkIn, Renewal renewal) {
    }

    public static UseCases register(Router r, Database db, PermissionCache permissions) {
        CirculationRulesStore rules = new CirculationRulesStore();
        CheckOut checkOut = new CheckOut(db, rules, permissions);
        CheckIn checkIn = new CheckIn(db, rules);
        Renewal renewal = new Renewal(db, rules, permissions);

        RecordApi.register(r, db, LOAN_POLICIES, "/loan-policy-storage/loan-policies", "circulation-storage.loan-policies");
        RecordApi.register(r, db, REQUEST_POLICIES, "/request-policy-storage/request-policies", "circulation-storage.request-policies");
        RecordApi.register(r, db, NOTICE_POLICIES, "/patron-notice-policy-storage/patron-notice-policies", "circulation-storage.patron-notice-policies");
        RecordApi.register(r, db, OVERDUE_FINE_POLICIES, "/overdue-fines-policies", "overdue-fines-policies");
        RecordApi.register(r, db, LOST_ITEM_POLICIES, "/lost-item-fees-policies", "lost-item-fees-policies");
        RecordApi.register(r, db, FIXED_DUE_DATE_SCHEDULES, "/fixed-due-date-schedule-storage/fixed-due-date-schedules", "circulation-storage.fixed-due-date-schedules");
        RecordApi.register(r, db, CANCELLATION_REASONS, "/cancellation-reason-storage/cancellation-reasons", "circulation-storage.cancellation-reasons");
        RecordApi.register(r, db, LOANS, "/loan-storage/loans", "circulation-storage.loans");
        RecordApi.register(r, db, CHECK_INS, "/check-in-storage/check-ins", "check-in-storage.check-ins");
        RequestsApi.register(r, db, rules);
        LoanActionsApi.register(r, db, rules);

        // Business loans: extended representation on reads; writes as storage.
        r.get("/circulation/loans", "circulation.loans.collection.get", req -> {
            int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
            int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
            return db.read(c -> {
                RecordStore.Page page = LOANS.search(c, req.schema(), req.param("query").orElse(null), limit, offset);
                return Response.ok(RecordApi.page("loans", LoanRepresentation.extendAll(c, req.schema(), page.records()),
                        page.totalRecords()));
            });
        });
        r.get("/circulation/loans/{id}", "circulation.loans.item.get", req -> db.read(c -> {
            ObjectNode loan = LOANS.get(c, req.schema(), req.pathUuid("id"))
                    .orElseThrow(() -> RecordApi.notFound("loans", req.path("id")));
            return Response.ok(LoanRepresentation.extendAll(c, req.schema(), List.of(loan)).getFirst());
        }));
        r.post("/circulation/loans", "circulation.loans.item.post", req -> {
            ObjectNode saved = db.tx(c -> LOANS.insert(c, req.schema(), req.json(), req.userId()));
            return Response.created(saved).header("Location", "/circulation/loans/" + saved.get("id").asText());
        });
        r.put("/circulation/loans/{id}", "circulation.loans.item.put", req -> {
            db.tx(c -> LOANS.update(c, req.schema(), req.pathUuid("id"), req.json(), req.userId()));
            return Response.noContent();
        });
        r.delete("/circulation/loans/{id}", "circulation.loans.item.delete", req -> {
            if (!db.tx(c -> LOANS.delete(c, req.schema(), req.pathUuid("id")))) throw RecordApi.notFound("loans", req.path("id"));
            return Response.noContent();
        });

        Handler checkOutByBarcode = req -> {
            ObjectNode b = req.json();
            requireBody(b, "itemBarcode", "Check out request must have an item barcode");
            requireBody(b, "userBarcode", "Check out request must have a user barcode");
            ObjectNode loan = checkOut.checkOut(new CheckOut.Request(Json.text(b, "itemBarcode"), Json.text(b, "userBarcode"),
                    Json.text(b, "proxyUserBarcode"), optionalUuid(b, "servicePointId"), date(b, "loanDate"),
                    b.get("overrideBlocks") instanceof ObjectNode o ? o : null, req.tenant(), req.schema(), req.userId()));
            return Response.created(loan).header("Location", "/circulation/loans/" + loan.get("id").asText());
        };
        Handler checkInByBarcode = req -> {
            ObjectNode b = req.json();
            requireBody(b, "itemBarcode", "Checkin request must have an item barcode");
            requireBody(b, "servicePointId", "Checkin request must have a service point id");
            requireBody(b, "checkInDate", "Checkin request must have an check in date");
            return Response.ok(checkIn.checkIn(new CheckIn.Request(Json.text(b, "itemBarcode"),
                    optionalUuid(b, "servicePointId"), date(b, "checkInDate"), Json.text(b, "claimedReturnedResolution"),
                    req.schema(), req.userId())));
        };
        r.post("/circulation/check-out-by-barcode", "circulation.check-out-by-barcode.post", checkOutByBarcode);
        r.post("/circulation/check-in-by-barcode", "circulation.check-in-by-barcode.post", checkInByBarcode);
        // mod-circulation-bff's loans interface, which FOLIO's check-in and check-out screens call instead when the UI
        // runs with enableEcsRequests: outside a consortium it passes the call on to mod-circulation unchanged.
        r.post("/circulation-bff/loans/check-out-by-barcode", "circulation-bff.loans.check-out-by-barcode.execute",
                checkOutByBarcode);
        r.post("/circulation-bff/loans/check-in-by-barcode", "circulation-bff.loans.check-in-by-barcode.execute",
                checkInByBarcode);
        renewRoute(r, renewal, "barcode", "Barcode");
        renewRoute(r, renewal, "id", "Id");

        CirculationRulesApi.register(r, db, rules);
        return new UseCases(checkOut, checkIn, renewal);
    }

    /**
     * renew-by-barcode and renew-by-id: the same renewal, the item and the patron named by {@code itemBarcode} /
     * {@code userBarcode} or by {@code itemId} / {@code userId}, with FOLIO's messages for a missing one.
     */
    private static void renewRoute(Router r, Renewal renewal, String pathSuffix, String fieldSuffix) {
        String noun = fieldSuffix.equals("Id") ? "ID" : "barcode";
        r.post("/circulation/renew-by-" + pathSuffix, "circulation.renew-by-" + pathSuffix + ".post", req -> {
            ObjectNode b = req.json();
            String itemField = "item" + fieldSuffix, userField = "user" + fieldSuffix;
            requireBody(b, itemField, "Renewal request must have an item " + noun);
            requireBody(b, userField, "Renewal request must have a user " + noun);
            return Response.ok(renewal.renew(new Renewal.Request(new Renewal.Ref(itemField, Json.text(b, itemField)),
                    new Renewal.Ref(userField, Json.text(b, userField)), optionalUuid(b, "servicePointId"),
                    b.get("overrideBlocks") instanceof ObjectNode o ? o : null, req.tenant(), req.schema(),
                    req.userId())));
        });
    }

    private static void requireBody(ObjectNode b, String field, String message) {
        if (Json.text(b, field) == null || Json.text(b, field).isBlank())
            throw ApiException.unprocessable(message, null, field, null);
    }

    private static UUID optionalUuid(ObjectNode b, String field) {
        String s = Json.text(b, field);
        return s == null ? null : RecordStore.uuid(s, field);
    }

    /** A request body's optional date-time; a 422 naming the field when it does not parse. */
    static Instant date(ObjectNode b, String field) {
        String s = Json.text(b, field);
        if (s == null) return null;
        try {
            return Json.parseInstant(s);
        } catch (RuntimeException e) {
            throw ApiException.unprocessable("Invalid date-time: " + s, null, field, s);
        }
    }
}
