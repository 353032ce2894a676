package org.quire.circulation;

import org.quire.platform.db.Database;
import org.quire.platform.events.Outbox;

import java.util.List;
import java.util.UUID;

/**
 * Anonymizing a patron's closed loans on demand (mod-circulation's LoanAnonymizationResource, "Anonymize all loans"
 * on the Users app's closed loans page). The on-demand path applies no loan-history settings: mod-circulation builds
 * its AnonymizationCheckersService / AnonymizationEligibilityService without a configuration, so `loan_history`'s
 * closingType and its fee/fine rules play no part here (they govern the scheduled anonymization only). A closed loan
 * is anonymized unless any fee/fine account names it, open or closed ({@code Loan.hasAssociatedFeesAndFines}); those
 * are reported under the reason "haveAssociatedFeesAndFines". Anonymizing removes the loan's {@code userId}
 * (mod-circulation-storage's AnonymizeStorageLoansAPI: {@code jsonb - 'userId'} on loans still closed); the
 * metadata is left as it was, as that SQL leaves it.
 *
 * <p>Round trips: ONE statement, in its own transaction, whatever the number of loans: the closed loans are locked,
 * the ones with fees found, the others updated in one UPDATE and their outbox events appended.
 */
public final class LoanAnonymization {
    /** The reason mod-circulation's NoAssociatedFeesAndFinesChecker gives. */
    public static final String HAVE_FEES = "haveAssociatedFeesAndFines";

    public record Outcome(List<String> anonymized, List<String> withFeesAndFines) {
    }

    private final Database db;

    public LoanAnonymization(Database db) {
        this.db = db;
    }

    public Outcome byUser(String schema, UUID userId) {
        return db.tx(c -> {
            LoanStore.Anonymized done = LoanStore.anonymizeClosedLoans(c, schema, userId);
            if (!done.anonymized().isEmpty()) Outbox.written(schema);
            return new Outcome(done.anonymized(), done.withFeesAndFines());
        });
    }
}
