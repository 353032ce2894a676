package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import java.util.List;
import java.util.UUID;

/** mod-feesfines' routes, with FOLIO's paths and permission names. */
public final class FeesFinesApi {
    private FeesFinesApi() {
    }

    public static void register(Router router, Database db) {
        RecordApi.register(router, db, FeesFinesTypes.OWNERS, "/owners", "owners");
        RecordApi.register(router, db, FeesFinesTypes.FEEFINES, "/feefines", "feefines");
        RecordApi.register(router, db, FeesFinesTypes.ACCOUNTS, "/accounts", "accounts");
        RecordApi.register(router, db, FeesFinesTypes.ACTIONS, "/feefineactions", "feefineactions");
        RecordApi.register(router, db, FeesFinesTypes.PAYMENT_METHODS, "/payments", "payments");
        RecordApi.register(router, db, FeesFinesTypes.WAIVE_REASONS, "/waives", "waives");
        RecordApi.register(router, db, FeesFinesTypes.REFUND_REASONS, "/refunds", "refunds");
        RecordApi.register(router, db, FeesFinesTypes.TRANSFER_ACCOUNTS, "/transfers", "transfers");
        RecordApi.register(router, db, FeesFinesTypes.COMMENT_REQUIREMENTS, "/comments", "comments");
        for (AccountActions.Action a : AccountActions.Action.values()) {
            String name = a.name().toLowerCase();
            router.post("/accounts/{id}/" + name, "accounts." + name + ".post", r -> perform(db, a, r));
            if (a != AccountActions.Action.CANCEL) {
                router.post("/accounts/{id}/check-" + name, "accounts.check-" + name + ".post", r -> check(db, a, r));
            }
        }
    }

    /** 201 {accountId, amount, feefineactions}; refused: 422 (404 for an unknown account) {accountId, amount, errorMessage}. */
    private static Response perform(Database db, AccountActions.Action action, Request r) {
        UUID id = r.pathUuid("id");
        ObjectNode body = r.json();
        AccountActions.ActionRequest req = AccountActions.ActionRequest.of(body);
        try {
            List<ObjectNode> rows = db.tx(c -> {
                List<ObjectNode> done = AccountActions.perform(c, r.schema(), action, id, req, r.userId());
                org.quire.circulation.LostAndPaid.afterAccountAction(c, r.schema(), id, r.userId());
                return done;
            });
            ObjectNode out = Json.object().put("accountId", id.toString());
            out.put("amount", action == AccountActions.Action.CANCEL
                    ? Money.parse(rows.getLast().get("amountAction")).toPlainString()
                    : Money.parse(body.get("amount")).toPlainString());
            out.putArray("feefineactions").addAll(rows);
            return Response.created(out);
        } catch (ActionRefused e) {
            ObjectNode out = Json.object().put("accountId", id.toString());
            putRawAmount(out, body.get("amount"));
            out.put("errorMessage", e.getMessage());
            return Response.json(e.status, out);
        }
    }

    /** 200 {accountId, amount, allowed: true, remainingAmount}; refused: 422/404 with allowed false and errorMessage. */
    private static Response check(Database db, AccountActions.Action action, Request r) {
        UUID id = r.pathUuid("id");
        JsonNode raw = r.json().get("amount");
        ObjectNode out = Json.object().put("accountId", id.toString());
        try {
            AccountActions.Check check = db.read(c -> AccountActions.check(c, r.schema(), action, id, raw, false));
            out.put("amount", check.amount().toPlainString()).put("allowed", true)
                    .put("remainingAmount", check.remaining().toPlainString());
            return Response.ok(out);
        } catch (ActionRefused e) {
            putRawAmount(out, raw);
            out.put("allowed", false).put("errorMessage", e.getMessage());
            return Response.json(e.status, out);
        }
    }

    private static void putRawAmount(ObjectNode out, JsonNode raw) {
        if (raw != null && !raw.isNull()) out.put("amount", raw.asText());
    }
}
