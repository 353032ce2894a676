package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Period;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * The due date a loan's first recall gives it, as mod-circulation's LoanPolicy.recall / determineDueDate and the
 * closed-library handling UpdateLoan.recall applies after it: the recall return interval from now (the alternate one
 * for an overdue loan when the policy lets recalls extend overdue loans), never before the minimum guaranteed loan
 * period from the loan date; without {@code allowRecallsToExtendOverdueLoans} an overdue loan keeps its due date and
 * the return interval never lengthens a loan (the minimum guaranteed period may, as in FOLIO). A moved date then goes,
 * like a check-out's, to the time of day and past closed days as the policy's closedLibraryDueDateManagementId says
 * (DueDates.timeOfDay, ClosedLibraryDueDates). The policy's fixed due date limit is not applied to
 * a recall.
 */
final class Recalls {
    private Recalls() {
    }

    /** The recall's due date with closed-library handling: +1 statement when a moved date needs the calendar. */
    static Instant dueDate(Connection c, String schema, ObjectNode loanPolicy, UUID servicePointId, Instant loanDate,
                           Instant currentDue, Instant now) throws SQLException {
        Instant due = dueDate(loanPolicy, loanDate, currentDue, now);
        if (due.equals(currentDue)) return due;
        LoanPolicy policy = LoanPolicy.from(loanPolicy);
        return ClosedLibraryDueDates.apply(c, schema, policy, servicePointId, now, DueDates.timeOfDay(policy, due));
    }

    /** Pure: FOLIO's determineDueDate (may be {@code currentDue} itself). */
    static Instant dueDate(ObjectNode loanPolicy, Instant loanDate, Instant currentDue, Instant now) {
        JsonNode recalls = loanPolicy.path("requestManagement").path("recalls");
        boolean mayExtend = recalls.path("allowRecallsToExtendOverdueLoans").asBoolean(false);
        boolean overdue = currentDue.isBefore(now);
        if (overdue && !mayExtend) return currentDue;
        Period alternate = Period.from(recalls.get("alternateRecallReturnInterval"));
        Period returnInterval = overdue && alternate != null ? alternate : Period.from(recalls.get("recallReturnInterval"));
        Instant recallDue = returnInterval == null ? now : returnInterval.addTo(now);
        if (recallDue.isAfter(currentDue) && !mayExtend) return currentDue;
        Period minimum = Period.from(recalls.get("minimumGuaranteedLoanPeriod"));
        Instant guaranteed = minimum == null ? null : minimum.addTo(loanDate);
        return guaranteed == null || recallDue.isAfter(guaranteed) ? recallDue : guaranteed;
    }
}
