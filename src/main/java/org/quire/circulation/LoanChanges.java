package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.users.UsersStore;
import org.quire.circulation.rules.PolicyType;
import org.quire.inventory.ItemStatus;
import org.quire.notices.PatronNotices;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.Refused;
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
    /** ItemStatusValidator.refuseWhenItemStatusDoesNotAllowDueDateChange. */
    private static final Set<ItemStatus> NO_DUE_DATE_CHANGE = Set.of(ItemStatus.DECLARED_LOST,
            ItemStatus.CLAIMED_RETURNED, ItemStatus.AGED_TO_LOST);

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
            if (NO_DUE_DATE_CHANGE.stream().anyMatch(s -> s.is(status))) {
                throw Refused.because("item is " + status, "itemId", locked.item().id().toString());
            }
            ObjectNode loan = locked.loan().json().deepCopy();
            loan.put("dueDate", Json.date(dueDate));
            loan.put("action", LoanAction.DUE_DATE_CHANGED.value());
            loan.remove("actionComment");
            if (locked.loan().dueDateChangedByRecall()
                    && RequestQueue.forItemReadOnly(c, schema, locked.item().id()).stream()
                    .noneMatch(r -> RequestView.of(r).isOfType(RequestType.RECALL))) {
                loan.put("dueDateChangedByRecall", false);
            }
            ObjectNode saved = CirculationTypes.LOANS.replace(c, schema, locked.loan().json(), loan, staffUserId);
            UUID patronId = new LoanView(saved).userId();
            PatronView patron = patronId == null ? null : UsersStore.patronById(c, schema, patronId).orElse(null);
            if (patron != null) {
                String noticeId = CirculationContext.match(rules.rules(c, schema), PolicyType.NOTICE, patron,
                        locked.item()).policyId();
                UUID noticePolicyId = Ids.orNull(noticeId);
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
        String patronInfo = LoanAction.PATRON_INFO_ADDED.value(), staffInfo = LoanAction.STAFF_INFO_ADDED.value();
        if (action == null || comment == null || comment.isBlank()
                || !(action.equals(patronInfo) || action.equals(staffInfo))) {
            throw Refused.because("An action of type " + patronInfo + " or " + staffInfo
                    + ", with associated actionComment, required in order to add info", "action", null);
        }
        db.tx(c -> {
            ObjectNode stored = CirculationTypes.LOANS.getForUpdate(c, schema, loanId)
                    .orElseThrow(() -> LockedLoan.notFound(loanId));
            ObjectNode loan = stored.deepCopy();
            loan.put("action", action);
            loan.put("actionComment", comment);
            CirculationTypes.LOANS.replace(c, schema, stored, loan, staffUserId);
            return null;
        });
    }
}
