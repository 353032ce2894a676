package org.quire.platform.http;

import org.quire.platform.Json;
import org.quire.platform.db.DbException;
import org.quire.platform.domain.Conflict;
import org.quire.platform.domain.DomainException;
import org.quire.platform.domain.Forbidden;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refused;
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
        if (e instanceof DomainException d) return fromDomain(d);
        if (e instanceof DbException d) return fromDb(d.sqlException());
        if (e instanceof SQLException s) return fromDb(s);
        if (e instanceof IllegalArgumentException i && i.getMessage() != null && i.getMessage().startsWith("Invalid JSON"))
            return Response.text(400, i.getMessage());
        String id = java.util.UUID.randomUUID().toString().substring(0, 8);
        log.error("Unexpected failure {}", id, e);
        return Response.text(500, "Internal server error (" + id + "); see the server log");
    }

    /** The domain's failures, each as FOLIO answers that kind. */
    private static Response fromDomain(DomainException d) {
        return switch (d) {
            case Refused r -> fromApi(ApiException.unprocessable(r.refusals()));
            case NotFound n -> Response.text(404, n.getMessage());
            case Conflict c -> Response.text(409, c.getMessage());
            case InvalidInput i -> Response.text(400, i.getMessage());
            case Forbidden f -> Response.text(403, f.getMessage());
        };
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
        if (unavailable(e, state)) {
            log.warn("Database unavailable: {}", e.getMessage());
            return Response.text(503, "Database unavailable");
        }
        return switch (state) {
            case "23505" -> fromApi(ApiException.unprocessable(
                    constraintMessages.getOrDefault(constraint, "Duplicate value violates unique constraint " + constraint)
                            .formatted(detail), "DUPLICATE_VALUE", constraint, detail));
            case "23503" -> Response.text(400, constraintMessages.containsKey(constraint)
                    ? constraintMessages.get(constraint) : foreignKeyMessage(s, constraint, detail));
            case "40001", "40P01" -> Response.text(409, "Concurrent update, please retry");
            case "57014" -> Response.text(503, "Query took too long and was cancelled");
            // Safety nets behind the input checks, so that a value no check foresaw is the client's error, not a 500:
            // a required column left empty (RMB's schema validation answers 422 "must not be null" naming the
            // property), and a value PostgreSQL refuses as data (class 22: out of range, invalid text ...).
            case "23502" -> fromApi(ApiException.unprocessable("must not be null",
                    "javax.validation.constraints.NotNull.message", property(column(s)), "null"));
            default -> state.startsWith("22") ? Response.text(400, "Invalid value: " + firstLine(s.getMessage()))
                    : unexpected(s, state);
        };
    }

    private static Response unexpected(SQLException s, String state) {
        String id = java.util.UUID.randomUUID().toString().substring(0, 8);
        log.error("Database failure {} (state {})", id, state, s);
        return Response.text(500, "Internal server error (" + id + "); see the server log");
    }

    private static String column(SQLException s) {
        if (s instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null
                && p.getServerErrorMessage().getColumn() != null) return p.getServerErrorMessage().getColumn();
        return "";
    }

    /** A typed column's JSON property: item_id → itemId. */
    private static String property(String column) {
        StringBuilder sb = new StringBuilder();
        boolean up = false;
        for (char c : column.toCharArray()) {
            if (c == '_') up = true;
            else {
                sb.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return sb.toString();
    }

    private static String firstLine(String message) {
        if (message == null) return "";
        String m = message.startsWith("ERROR: ") ? message.substring(7) : message;
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /**
     * The database cannot be reached or is shutting down: no connection within the pool's timeout
     * (SQLTransientConnectionException), a connection lost (class 08), or the server going away
     * (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now). Retrying later may work: 503.
     */
    static boolean unavailable(SQLException e, String state) {
        return e instanceof java.sql.SQLTransientConnectionException || state.startsWith("08")
                || state.equals("57P01") || state.equals("57P02") || state.equals("57P03");
    }

    /**
     * RMB's wording for a foreign key violation, from PostgreSQL's detail: "Cannot set statistical_code.x = &lt;v&gt;
     * because it does not exist in statistical_code_type.id." on a write, "Cannot delete statistical_code_type.id =
     * &lt;v&gt; because id is still referenced from table statistical_code." on a delete.
     */
    private static String foreignKeyMessage(SQLException s, String constraint, String value) {
        if (s instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null
                && p.getServerErrorMessage().getDetail() != null) {
            String d = p.getServerErrorMessage().getDetail();
            String table = p.getServerErrorMessage().getTable();
            int open = d.indexOf("Key (");
            int eq = d.indexOf(")=(");
            int quote = d.indexOf("table \"");
            if (open >= 0 && eq > open && quote > 0) {
                String column = d.substring(open + 5, eq);
                String other = d.substring(quote + 7, d.indexOf('"', quote + 7));
                if (d.contains("is still referenced")) {
                    // The referencing table is the error's; the deleted one is named only in its message.
                    String m = p.getServerErrorMessage().getMessage();
                    int from = m == null ? -1 : m.indexOf("on table \"");
                    String deleted = from < 0 ? "" : m.substring(from + 10, m.indexOf('"', from + 10));
                    return "Cannot delete " + deleted + "." + column + " = " + value + " because " + column
                            + " is still referenced from table " + other + ".";
                }
                return "Cannot set " + table + "." + column + " = " + value + " because it does not exist in "
                        + other + ".id.";
            }
        }
        return "Violates foreign key constraint " + constraint + (value.isEmpty() ? "" : ": " + value);
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
