package org.quire.circulation;

/**
 * SQL of circulation's Requests: every statement about them, in one style (platform.db.Sql, schema-qualified,
 * ? parameters). Use cases compose these methods inside the transaction they opened.
 */
final class RequestStore {
    private RequestStore() {
    }
}
