package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A user with their patron group, manual blocks and their group's patron block limits, read in ONE statement for
 * circulation. The limits come with the patron so that a patron whose group has none (or none whose condition blocks
 * anything) costs no statement for automated blocks (circulation/blocks/AutomatedBlocks.java).
 *
 * @param blockLimits {conditionId, value, blockBorrowing, blockRenewals, blockRequests, message} per limit
 */
public record PatronView(ObjectNode user, ObjectNode group, List<ObjectNode> manualBlocks, List<ObjectNode> blockLimits) {

    private static final String SELECT = """
            SELECT u.jsonb, g.jsonb,
                   (SELECT coalesce(json_agg(b.jsonb), '[]') FROM %1$s.manual_block b WHERE b.user_id = u.id),
                   (SELECT coalesce(json_agg(json_build_object('conditionId', l.condition_id, 'value', l.value,
                           'blockBorrowing', c.block_borrowing, 'blockRenewals', c.block_renewals,
                           'blockRequests', c.block_requests, 'message', c.jsonb->>'message')), '[]')
                    FROM %1$s.patron_block_limit l JOIN %1$s.patron_block_condition c ON c.id = l.condition_id
                    WHERE l.patron_group_id = u.patron_group
                      AND (c.block_borrowing OR c.block_renewals OR c.block_requests))
            FROM %1$s.users u LEFT JOIN %1$s.patron_group g ON g.id = u.patron_group
            WHERE u.%2$s = ?
            """;

    /** A user without the circulation context (loan representations print only the borrower summary). */
    public PatronView(ObjectNode user, ObjectNode group, List<ObjectNode> manualBlocks) {
        this(user, group, manualBlocks, List.of());
    }

    public static Optional<PatronView> byBarcode(Connection c, String schema, String barcode) throws SQLException {
        return Sql.one(c, byBarcodeSql(schema), List.of(barcode), PatronView::map);
    }

    public static Optional<PatronView> byId(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, SELECT.formatted(schema, "id"), List.of(id), PatronView::map);
    }

    /**
     * Serialises this patron's check-outs until the transaction ends, taken before their loans are counted against a
     * limit: otherwise two check-outs at once each count the loans without the other's and both pass. A statement of
     * its own, because the count after it must see loans committed while this waited (under READ COMMITTED each
     * statement reads a fresh snapshot). FOR NO KEY UPDATE leaves the row free for readers.
     */
    public static void lockForBorrowing(Connection c, String schema, UUID id) throws SQLException {
        Sql.list(c, "SELECT 1 FROM " + schema + ".users WHERE id = ? FOR NO KEY UPDATE", List.of(id), rs -> 1);
    }

    /** The statement behind {@link #byBarcode} (public so a test can EXPLAIN exactly it). */
    public static String byBarcodeSql(String schema) {
        return SELECT.formatted(schema, "barcode");
    }

    private static PatronView map(java.sql.ResultSet rs) throws SQLException {
        String g = rs.getString(2);
        List<ObjectNode> blocks = new java.util.ArrayList<>();
        for (JsonNode b : Json.parse(rs.getString(3))) blocks.add((ObjectNode) b);
        List<ObjectNode> limits = new java.util.ArrayList<>();
        for (JsonNode l : Json.parse(rs.getString(4))) limits.add((ObjectNode) l);
        return new PatronView(Json.parseObject(rs.getString(1)), g == null ? null : Json.parseObject(g), blocks, limits);
    }

    public UUID id() {
        return UUID.fromString(user.get("id").asText());
    }

    public String patronGroupId() {
        return Json.text(user, "patronGroup");
    }

    /** null when the record does not say (FOLIO: "Cannot determine if user is active or not"). */
    public Boolean active(Instant now) {
        if (!user.has("active") || user.get("active").isNull()) return null;
        Instant expires = Json.parseInstant(Json.text(user, "expirationDate"));
        return user.get("active").asBoolean() && (expires == null || expires.isAfter(now));
    }

    /** Whether an unexpired manual block forbids {@code action}: "borrowing", "renewals" or "requests". */
    public boolean blockedFor(String action, Instant now) {
        for (ObjectNode b : manualBlocks) {
            Instant exp = Json.parseInstant(Json.text(b, "expirationDate"));
            if (b.path(action).asBoolean(false) && (exp == null || exp.isAfter(now))) return true;
        }
        return false;
    }

    /**
     * The borrower of mod-circulation's extended loan (LoanRepresentation.additionalBorrowerProperties): all six
     * fields, each null when the user has none (Vert.x's JsonObject writes the null).
     */
    public ObjectNode loanBorrower() {
        ObjectNode b = Json.object();
        JsonNode p = user.path("personal");
        for (String f : List.of("firstName", "lastName", "middleName")) b.set(f, textOrNull(p, f));
        b.set("barcode", textOrNull(user, "barcode"));
        b.set("preferredFirstName", textOrNull(p, "preferredFirstName"));
        b.set("patronGroup", textOrNull(user, "patronGroup"));
        return b;
    }

    private static JsonNode textOrNull(JsonNode n, String field) {
        return n.hasNonNull(field) ? Json.MAPPER.getNodeFactory().textNode(n.get(field).asText())
                : Json.MAPPER.getNodeFactory().nullNode();
    }

    /** The requester/proxy summary stored in requests (absent fields left out, as RMB stores them). */
    public ObjectNode borrower() {
        ObjectNode b = Json.object();
        JsonNode p = user.path("personal");
        for (String f : List.of("firstName", "lastName", "middleName", "preferredFirstName")) {
            if (p.hasNonNull(f)) b.put(f, p.get(f).asText());
        }
        if (user.hasNonNull("barcode")) b.put("barcode", user.get("barcode").asText());
        if (user.hasNonNull("patronGroup")) b.put("patronGroup", user.get("patronGroup").asText());
        return b;
    }
}
