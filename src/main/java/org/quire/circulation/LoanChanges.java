package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.rules.PolicyType;
import org.quire.notices.PatronNotices;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.users.PatronView;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * Changes staff make to an open loan from the check-out and Users screens, as mod-circulation's
 * ChangeDueDateResource and AddInfoResource, each one transaction. Adding info: the loan locked and written (2
 * statements). Changing the due date: the loan and its item locked (3), the item's open requests, the loan written,
 * then the patron and the notice policy the rules choose and the loan's notices ("Manual due date change" now, "Due
 * date" notices moved to the new date) — 8 statements.
 */
public final class LoanChanges {
    static final String PATRON_INFO_ADDED = "patronInfoAdded";
    static final String STAFF_INFO_ADDED = "staffInfoAdded";
    /** ItemStatusValidator.refuseWhenItemStatusDoesNotAllowDueDateChange. */
    private static final Set<String> NO_DUE_DATE_CHANGE = Set.of("Declared lost", "Claimed returned", "Aged to lost");

    /** FOLIO's notice event (sendWhen) for a due date staff changed. */
    static final String MANUAL_DUE_DATE_CHANGE = "Manual due date change";

    private final Database db;
    private final CirculationRulesStore rules;

    public LoanChanges(Database db, CirculationRulesStore rules) {
        this.db = db;
        this.rules = rules;
    }

    /**
     * Moves the due date of an open loan (action "dueDateChanged"); a loan whose due date a recall set keeps that
     * mark only while a recall is still open in the item's queue (mod-circulation's
     * unsetDueDateChangedByRecallIfNoOpenRecallsInQueue).
     */
    public void changeDueDate(String schema, UUID loanId, Instant dueDate, UUID staffUserId) {
        db.tx(c -> {
            LockedLoan locked = LockedLoan.lock(c, schema, loanId).refuseWhenClosed();
            String status = locked.item().status();
            if (NO_DUE_DATE_CHANGE.contains(status)) {
                throw ApiException.unprocessable("item is " + status, null, "itemId", locked.item().id().toString());
            }
            ObjectNode loan = locked.loan().deepCopy();
            loan.put("dueDate", Json.date(dueDate));
            loan.put("action", "dueDateChanged");
            loan.remove("actionComment");
            if (loan.path("dueDateChangedByRecall").asBoolean(false)
                    && RequestQueue.forItemReadOnly(c, schema, locked.item().id()).stream()
                    .noneMatch(r -> "Recall".equals(Json.text(r, "requestType")))) {
                loan.put("dueDateChangedByRecall", false);
            }
            ObjectNode saved = CirculationTypes.LOANS.replace(c, schema, locked.loan(), loan, staffUserId);
            UUID patronId = CirculationContext.uuidOrNull(Json.text(saved, "userId"));
            PatronView patron = patronId == null ? null : PatronView.byId(c, schema, patronId).orElse(null);
            if (patron != null) {
                String noticeId = CirculationContext.match(rules.rules(c, schema), PolicyType.NOTICE, patron,
                        locked.item()).policyId();
                UUID noticePolicyId = CirculationContext.uuidOrNull(noticeId);
                ObjectNode policy = noticePolicyId == null ? null
                        : CirculationTypes.NOTICE_POLICIES.get(c, schema, noticePolicyId).orElse(null);
                if (policy != null) {
                    PatronNotices.dueDateChanged(c, schema, policy, saved, MANUAL_DUE_DATE_CHANGE, staffUserId);
                }
            }
            return null;
        });
    }

    /** Records a note for the patron or for staff on the loan: its action and action comment. */
    public void addInfo(String schema, UUID loanId, String action, String comment, UUID staffUserId) {
        if (action == null || comment == null || comment.isBlank()
                || !(action.equals(PATRON_INFO_ADDED) || action.equals(STAFF_INFO_ADDED))) {
            throw ApiException.unprocessable("An action of type " + PATRON_INFO_ADDED + " or " + STAFF_INFO_ADDED
                    + ", with associated actionComment, required in order to add info", null, "action", null);
        }
        db.tx(c -> {
            ObjectNode stored = CirculationTypes.LOANS.getForUpdate(c, schema, loanId)
                    .orElseThrow(() -> org.quire.platform.records.RecordApi.notFound("loans", loanId.toString()));
            ObjectNode loan = stored.deepCopy();
            loan.put("action", action);
            loan.put("actionComment", comment);
            CirculationTypes.LOANS.replace(c, schema, stored, loan, staffUserId);
            return null;
        });
    }
}
