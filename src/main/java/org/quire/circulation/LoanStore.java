package org.quire.circulation;

/**
 * SQL of circulation's Loans: every statement about them, in one style (platform.db.Sql, schema-qualified,
 * ? parameters). Use cases compose these methods inside the transaction they opened.
 */
final class LoanStore {
    private LoanStore() {
    }
}
