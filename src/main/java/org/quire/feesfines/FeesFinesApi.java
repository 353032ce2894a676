package org.quire.feesfines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.domain.Refusal;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordStore;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * mod-feesfines' routes, with FOLIO's paths and permission names. The bulk routes (/accounts-bulk/…, used by FOLIO's
 * staff UI whenever several fees/fines are selected) require the same permissions as the single-account ones, as in
 * mod-feesfines' ModuleDescriptor.
 */
public final class FeesFinesApi {
    private FeesFinesApi() {
    }

    /** {@code after}: what else a staff action on accounts does in its transaction (circulation's LostAndPaid). */
    public static void register(Router router, Database db, AfterAccountAction after) {
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
            router.post("/accounts/{id}/" + name, "accounts." + name + ".post", r -> perform(db, a, r, after));
            router.post("/accounts-bulk/" + name, "accounts." + name + ".post", r -> performBulk(db, a, r, after));
            if (a != AccountActions.Action.CANCEL) {
                router.post("/accounts/{id}/check-" + name, "accounts.check-" + name + ".post", r -> check(db, a, r));
                router.post("/accounts-bulk/check-" + name, "accounts.check-" + name + ".post",
                        r -> checkBulk(db, a, r));
            }
        }
    }

    /**
     * 201 {accountId, amount, feefineactions}; refused: 422 {accountId, amount, errorMessage}. An unknown fee/fine
     * (here and in the routes below) is the domain's NotFound: 404 text "Fee/fine ID … not found" (ErrorMapper).
     */
    private static Response perform(Database db, AccountActions.Action action, Request r, AfterAccountAction after) {
        UUID id = r.pathUuid("id");
        ObjectNode body = r.json();
        try {
            List<ObjectNode> rows = AccountActions.perform(db, r.schema(), action, List.of(id),
                    AccountActions.ActionRequest.of(body), r.userId(), after);
            ObjectNode out = Json.object().put("accountId", id.toString());
            out.put("amount", amount(action, body, rows));
            out.putArray("feefineactions").addAll(rows);
            return Response.created(out);
        } catch (ActionRefused e) {
            ObjectNode out = Json.object().put("accountId", id.toString());
            putRawAmount(out, body.get("amount"));
            out.put("errorMessage", e.getMessage());
            return Response.json(422, out);
        }
    }

    /** 201 {accountIds, amount, feefineactions}; refused: 422 {accountIds, amount, errorMessage}, 404 text. */
    private static Response performBulk(Database db, AccountActions.Action action, Request r,
                                        AfterAccountAction after) {
        ObjectNode body = r.json();
        List<UUID> ids = accountIds(body);
        try {
            List<ObjectNode> rows = AccountActions.perform(db, r.schema(), action, ids,
                    AccountActions.ActionRequest.of(body), r.userId(), after);
            ObjectNode out = Json.object();
            out.set("accountIds", body.get("accountIds"));
            out.put("amount", amount(action, body, rows));
            out.putArray("feefineactions").addAll(rows);
            return Response.created(out);
        } catch (ActionRefused e) {
            ObjectNode out = Json.object();
            out.set("accountIds", body.get("accountIds"));
            if (action != AccountActions.Action.CANCEL) putRawAmount(out, body.get("amount"));
            out.put("errorMessage", e.getMessage());
            return Response.json(422, out);
        }
    }

    /** The amount requested (FOLIO echoes it); for a cancellation, the amount cancelled. */
    private static String amount(AccountActions.Action action, ObjectNode body, List<ObjectNode> rows) {
        if (action != AccountActions.Action.CANCEL) return Money.parse(body.get("amount")).toPlainString();
        BigDecimal sum = Money.ZERO;
        for (ObjectNode row : rows) sum = sum.add(Money.parse(row.get("amountAction")));
        return sum.toPlainString();
    }

    /** 200 {accountId, amount, allowed: true, remainingAmount}; refused: 422 with allowed false, 404 text. */
    private static Response check(Database db, AccountActions.Action action, Request r) {
        UUID id = r.pathUuid("id");
        JsonNode raw = r.json().get("amount");
        ObjectNode out = Json.object().put("accountId", id.toString());
        try {
            AccountActions.Check check = AccountActions.check(db, r.schema(), action, List.of(id), raw);
            out.put("amount", check.amount().toPlainString()).put("allowed", true)
                    .put("remainingAmount", check.remaining().toPlainString());
            return Response.ok(out);
        } catch (ActionRefused e) {
            putRawAmount(out, raw);
            out.put("allowed", false).put("errorMessage", e.getMessage());
            return Response.json(422, out);
        }
    }

    /** 200 {accountIds, amount, allowed: true, remainingAmount}; refused: 422 with allowed false, 404 text. */
    private static Response checkBulk(Database db, AccountActions.Action action, Request r) {
        ObjectNode body = r.json();
        List<UUID> ids = accountIds(body);
        JsonNode raw = body.get("amount");
        ObjectNode out = Json.object();
        out.set("accountIds", body.get("accountIds"));
        putRawAmount(out, raw);
        try {
            AccountActions.Check check = AccountActions.check(db, r.schema(), action, ids, raw);
            out.put("allowed", true).put("remainingAmount", check.remaining().toPlainString());
            return Response.ok(out);
        } catch (ActionRefused e) {
            out.put("allowed", false).put("errorMessage", e.getMessage());
            return Response.json(422, out);
        }
    }

    /** The body's required {@code accountIds}: 422 as FOLIO's schema validation when absent or empty. */
    private static List<UUID> accountIds(ObjectNode body) {
        JsonNode ids = body.get("accountIds");
        if (ids == null || !ids.isArray() || ids.isEmpty()) {
            throw ApiException.unprocessable(List.of(Refusal.required("accountIds")));
        }
        List<UUID> out = new ArrayList<>();
        for (JsonNode id : ids) out.add(RecordStore.uuid(id.asText(), "accountIds"));
        return out;
    }

    private static void putRawAmount(ObjectNode out, JsonNode raw) {
        if (raw != null && !raw.isNull()) out.put("amount", raw.asText());
    }
}
