package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.time.Instant;
import java.util.Set;

/**
 * The loan actions of FOLIO's check-out and Users screens beside check-out itself: change due date, add patron or
 * staff info, and ending a patron action session (mod-circulation's ChangeDueDateResource, AddInfoResource,
 * EndPatronActionSessionResource; each answers 204).
 */
public final class LoanActionsApi {
    /** mod-circulation's PatronActionType values a client may end a session of. */
    private static final Set<String> SESSION_TYPES = Set.of("Check-out", "Check-in");

    private LoanActionsApi() {
    }

    /**
     * POST /loan-anonymization/by-user/{userId}: mod-circulation's 200 {"anonymizedLoans": [ids], "errors": [{"message":
     * reason, "parameters": [{"key": "loanIds", "value": "<the ids as a JSON array in a string>"}]}]}
     * (AnonymizeLoansRepresentation), pretty-printed as all mod-circulation answers. A user id that is not a UUID has
     * no loans, as mod-circulation's loan lookup finds none: nothing is anonymized.
     */
    private static void registerAnonymization(Router r, LoanAnonymization anonymization) {
        r.prettyPrint("/loan-anonymization/");
        r.post("/loan-anonymization/by-user/{userId}", "circulation.loans.collection.anonymize.user.post", req -> {
            java.util.UUID userId = Ids.orNull(req.path("userId"));
            LoanAnonymization.Outcome outcome = userId == null
                    ? new LoanAnonymization.Outcome(java.util.List.of(), java.util.List.of())
                    : anonymization.byUser(req.schema(), userId);
            ObjectNode body = Json.object();
            outcome.anonymized().forEach(body.putArray("anonymizedLoans")::add);
            var errors = body.putArray("errors");
            if (!outcome.withFeesAndFines().isEmpty()) {
                var ids = Json.array();
                outcome.withFeesAndFines().forEach(ids::add);
                ObjectNode error = errors.addObject().put("message", LoanAnonymization.HAVE_FEES);
                error.putArray("parameters").addObject().put("key", "loanIds").put("value", Json.write(ids));
            }
            return Response.ok(body);
        });
    }

    static void register(Router r, Database db, CirculationRulesStore rules) {
        LoanChanges changes = new LoanChanges(db, rules);
        registerAnonymization(r, new LoanAnonymization(db));
        r.post("/circulation/loans/{id}/change-due-date", "circulation.loans.change-due-date.post", req -> {
            Instant dueDate = CirculationApi.date(req.json(), "dueDate");
            if (dueDate == null) throw ApiException.unprocessable(
                    "A new due date is required in order to change the due date", null, "dueDate", null);
            changes.changeDueDate(req.schema(), req.pathUuid("id"), dueDate, req.userId());
            return Response.noContent();
        });
        r.post("/circulation/loans/{id}/add-info", "circulation.loans.add-info.post", req -> {
            ObjectNode b = req.json();
            changes.addInfo(req.schema(), req.pathUuid("id"), textOrNull(b, "action"), textOrNull(b, "actionComment"),
                    req.userId());
            return Response.noContent();
        });
        // FOLIO groups the check-out and check-in notices of a session into one notice when the session ends; Quire
        // sends each notice when its event happens, so ending a session has nothing left to do once it is valid.
        r.post("/circulation/end-patron-action-session", "circulation.end-patron-action-session.post", req -> {
            JsonNode sessions = req.json().get("endSessions");
            if (sessions == null || !sessions.isArray()) throw ApiException.unprocessable(
                    "End patron session request must have endSessions", null, "endSessions", null);
            for (JsonNode s : sessions) {
                String patronId = s instanceof ObjectNode o ? textOrNull(o, "patronId") : null;
                if (patronId == null || patronId.isBlank()) throw ApiException.unprocessable(
                        "End patron session request must have patron id", null, "patronId", null);
                String type = textOrNull((ObjectNode) s, "actionType");
                if (type == null || type.isBlank()) throw ApiException.unprocessable(
                        "End patron session request must have action type", null, "actionType", null);
                if (!SESSION_TYPES.contains(type)) throw ApiException.unprocessable(
                        "Invalid patron action type value", null, "actionType", type);
            }
            return Response.noContent();
        });
    }

    private static String textOrNull(ObjectNode b, String field) {
        JsonNode v = b.get(field);
        return v == null || !v.isValueNode() || v.isNull() ? null : v.asText();
    }
}
