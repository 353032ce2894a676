package org.quire.circulation;

import org.quire.platform.db.Database;
import org.quire.platform.db.Sql;
import org.quire.platform.events.Outbox;

import java.util.Arrays;
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
        String sql = """
                WITH closed AS (
                    SELECT l.id, l.jsonb FROM %1$s.loan l
                    WHERE l.user_id = ? AND l.status_name = 'Closed' FOR UPDATE),
                with_fees AS (
                    SELECT c.id FROM closed c WHERE EXISTS (SELECT 1 FROM %1$s.account a WHERE a.loan_id = c.id)),
                anonymized AS (
                    UPDATE %1$s.loan l SET jsonb = l.jsonb - 'userId', user_id = NULL
                    FROM closed c WHERE l.id = c.id AND c.id NOT IN (SELECT id FROM with_fees)
                    RETURNING l.id, c.jsonb AS old, l.jsonb AS new),
                events AS (
                    INSERT INTO %1$s.outbox (topic, record_id, payload)
                    SELECT 'circulation.loan', id, jsonb_build_object('type', 'UPDATED', 'old', old, 'new', new)
                    FROM anonymized)
                SELECT (SELECT coalesce(array_agg(id::text ORDER BY id), '{}') FROM anonymized),
                       (SELECT coalesce(array_agg(id::text ORDER BY id), '{}') FROM with_fees)
                """.formatted(schema);
        return db.tx(c -> {
            Outcome outcome = Sql.one(c, sql, List.of(userId), rs -> new Outcome(
                    Arrays.asList((String[]) rs.getArray(1).getArray()),
                    Arrays.asList((String[]) rs.getArray(2).getArray()))).orElseThrow();
            if (!outcome.anonymized().isEmpty()) Outbox.written(schema);
            return outcome;
        });
    }
}
