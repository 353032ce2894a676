package org.quire.platform.http;

import org.quire.platform.Json;
import org.quire.platform.db.DbException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;
import java.util.Map;

/**
 * Turns any failure into FOLIO's error shapes: 422 {"errors":[...]} for business rules, plain text for the rest.
 * Never a stack trace to the client; unexpected failures are logged with an id the client can quote.
 */
public final class ErrorMapper {
    private static final Logger log = LoggerFactory.getLogger(ErrorMapper.class);

    /** Friendly messages for the database's integrity constraints, by constraint name. */
    private final Map<String, String> constraintMessages;

    public ErrorMapper(Map<String, String> constraintMessages) {
        this.constraintMessages = constraintMessages;
    }

    public Response toResponse(Throwable e) {
        if (e instanceof ApiException a) return fromApi(a);
        if (e instanceof DbException d) return fromDb(d.sqlException());
        if (e instanceof SQLException s) return fromDb(s);
        if (e instanceof IllegalArgumentException i && i.getMessage() != null && i.getMessage().startsWith("Invalid JSON"))
            return Response.text(400, i.getMessage());
        String id = java.util.UUID.randomUUID().toString().substring(0, 8);
        log.error("Unexpected failure {}", id, e);
        return Response.text(500, "Internal server error (" + id + "); see the server log");
    }

    private static Response fromApi(ApiException a) {
        if (a.status() == 422) {
            var body = Json.object();
            body.set("errors", Json.MAPPER.valueToTree(a.errors()));
            return Response.json(422, body);
        }
        return Response.text(a.status(), a.getMessage());
    }

    private Response fromDb(SQLException e) {
        SQLException s = serverError(e);
        String state = s.getSQLState() == null ? "" : s.getSQLState();
        String constraint = constraintName(s);
        String detail = detail(s);
        return switch (state) {
            case "23505" -> fromApi(ApiException.unprocessable(
                    constraintMessages.getOrDefault(constraint, "Duplicate value violates unique constraint " + constraint)
                            .formatted(detail), "DUPLICATE_VALUE", constraint, detail));
            case "23503" -> Response.text(400, constraintMessages.getOrDefault(constraint,
                    "Violates foreign key constraint " + constraint + (detail.isEmpty() ? "" : ": " + detail)));
            case "40001", "40P01" -> Response.text(409, "Concurrent update, please retry");
            case "57014" -> Response.text(503, "Query took too long and was cancelled");
            default -> {
                String id = java.util.UUID.randomUUID().toString().substring(0, 8);
                log.error("Database failure {} (state {})", id, state, s);
                yield Response.text(500, "Internal server error (" + id + "); see the server log");
            }
        };
    }

    /** A batch failure wraps the server's error; the constraint name and detail are on the wrapped one. */
    private static SQLException serverError(SQLException e) {
        for (SQLException s = e; s != null; s = s.getNextException()) {
            if (s instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null) return s;
        }
        return e;
    }

    private static String constraintName(SQLException s) {
        if (s instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null) {
            String c = p.getServerErrorMessage().getConstraint();
            return c == null ? "" : c;
        }
        return "";
    }

    /** The offending value from PostgreSQL's detail text "Key (barcode)=(123) already exists." */
    private static String detail(SQLException s) {
        if (s instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null) {
            String d = p.getServerErrorMessage().getDetail();
            if (d != null) {
                int eq = d.indexOf(")=(");
                int end = d.lastIndexOf(')');
                if (eq > 0 && end > eq) return d.substring(eq + 3, end);
            }
        }
        return "";
    }
}
