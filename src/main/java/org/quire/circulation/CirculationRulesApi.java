package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.rules.PolicyType;
import org.quire.circulation.rules.RuleCriteria;
import org.quire.circulation.rules.RulesSyntaxException;
import org.quire.inventory.InventoryTypes;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.domain.Refusal;
import org.quire.platform.records.RecordStore;

/**
 * The circulation rules: mod-circulation's {@code /circulation/rules} (checked like its CirculationRulesResource)
 * and mod-circulation-storage's {@code /circulation-rules-storage} (stored as given, like its CirculationRulesAPI).
 * Both read and write the same row through one {@link CirculationRulesStore}, so check-out uses whatever was
 * written last, by either path.
 */
final class CirculationRulesApi {
    private CirculationRulesApi() {
    }

    static void register(Router r, Database db, CirculationRulesStore rules) {
        r.get("/circulation/rules", "circulation.rules.get",
                req -> Response.ok(db.read(c -> rules.record(c, req.schema()))));
        r.put("/circulation/rules", "circulation.rules.put", req -> {
            ObjectNode body;
            try {
                body = Json.parseInputObject(req.bodyText());
            } catch (IllegalArgumentException e) {
                // mod-circulation answers a body that is not JSON with 422 {"message"} (its decodingError).
                return Response.json(422, Json.object().put("message", e.getMessage()));
            }
            JsonNode text = body.get("rulesAsText");
            if (text == null || !text.isTextual()) {
                // mod-circulation fails with a 500 here; a 422 in its own shape says what is wrong.
                return Response.json(422, Json.object().put("message", "rulesAsText is required and must be a string"));
            }
            try {
                db.tx(c -> {
                    rules.save(c, req.schema(), text.asText());
                    return null;
                });
            } catch (RulesSyntaxException e) {
                return Response.json(422, Json.object().put("message", e.getMessage()).put("line", e.line())
                        .put("column", e.column()));
            }
            return Response.noContent();
        });

        r.get("/circulation-rules-storage", "circulation-storage.circulation-rules.get",
                req -> Response.ok(db.read(c -> rules.record(c, req.schema()))));
        r.put("/circulation-rules-storage", "circulation-storage.circulation-rules.put", req -> {
            ObjectNode body = req.json();
            JsonNode text = body.get("rulesAsText");
            if (text == null || !text.isTextual()) {
                throw ApiException.unprocessable(java.util.List.of(Refusal.required("rulesAsText")));
            }
            if (body.hasNonNull("id") && !body.get("id").isTextual()) {
                throw ApiException.badRequest("id must be a string");
            }
            db.tx(c -> {
                rules.saveRecord(c, req.schema(), body, req.userId());
                return null;
            });
            return Response.noContent();
        });

        for (PolicyType type : PolicyType.values()) {
            String name = switch (type) {
                case LOAN -> "loan-policy";
                case REQUEST -> "request-policy";
                case NOTICE -> "notice-policy";
                case OVERDUE_FINE -> "overdue-fine-policy";
                case LOST_ITEM -> "lost-item-policy";
            };
            r.get("/circulation/rules/" + name, "circulation.rules." + name + ".get", req -> {
                RuleCriteria criteria = criteria(req, db);
                var match = db.read(c -> rules.rules(c, req.schema())).match(type, criteria);
                ObjectNode body = Json.object();
                body.put(toCamel(name) + "Id", match.policyId());
                body.putArray("appliedRuleConditions");
                return Response.ok(body);
            });
        }
    }

    private static String toCamel(String s) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char ch : s.toCharArray()) {
            if (ch == '-') up = true;
            else {
                b.append(up ? Character.toUpperCase(ch) : ch);
                up = false;
            }
        }
        return b.toString();
    }

    /** The query parameters FOLIO's rules endpoints take; the location's institution, campus and library are looked up. */
    private static RuleCriteria criteria(Request req, Database db) {
        String item = required(req, "item_type_id"), loan = required(req, "loan_type_id"),
                patron = required(req, "patron_type_id"), location = required(req, "location_id");
        ObjectNode loc = db.read(c -> InventoryTypes.LOCATIONS.get(c, req.schema(),
                RecordStore.uuid(location, "location_id"))).orElse(Json.object());
        return new RuleCriteria(patron, item, loan, Json.text(loc, "institutionId"), Json.text(loc, "campusId"),
                Json.text(loc, "libraryId"), location);
    }

    private static String required(Request req, String name) {
        return req.param(name).filter(s -> !s.isBlank())
                .orElseThrow(() -> ApiException.badRequest("Required query parameter " + name + " is missing"));
    }
}
