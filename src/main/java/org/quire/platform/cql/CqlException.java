package org.quire.platform.cql;

/**
 * A CQL query that cannot be parsed or cannot be served for a resource. Callers map it to HTTP 400 /
 * 422, so the message is written for the client: it names the offending token, index or relation.
 */
public class CqlException extends RuntimeException {

    public CqlException(String message) {
        super(message);
    }

    /** A syntax error at a character offset (0-based) of the query as the client sent it. */
    static CqlException syntax(String problem, int position, String query) {
        return new CqlException(
                "Invalid CQL: " + problem + " at position " + position + " in query: " + query);
    }
}
