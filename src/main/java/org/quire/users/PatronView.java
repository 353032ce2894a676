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

/** A user with their patron group and manual blocks, read in ONE statement for circulation. */
public record PatronView(ObjectNode user, ObjectNode group, List<ObjectNode> manualBlocks) {

    private static final String SELECT = """
            SELECT u.jsonb, g.jsonb,
                   (SELECT coalesce(json_agg(b.jsonb), '[]') FROM %1$s.manual_block b WHERE b.user_id = u.id)
            FROM %1$s.users u LEFT JOIN %1$s.patron_group g ON g.id = u.patron_group
            WHERE u.%2$s = ?
            """;

    public static Optional<PatronView> byBarcode(Connection c, String schema, String barcode) throws SQLException {
        return Sql.one(c, byBarcodeSql(schema), List.of(barcode), PatronView::map);
    }

    /** The statement behind {@link #byBarcode} (public so a test can EXPLAIN exactly it). */
    public static String byBarcodeSql(String schema) {
        return SELECT.formatted(schema, "barcode");
    }

    private static PatronView map(java.sql.ResultSet rs) throws SQLException {
        String g = rs.getString(2);
        List<ObjectNode> blocks = new java.util.ArrayList<>();
        for (JsonNode b : Json.parse(rs.getString(3))) blocks.add((ObjectNode) b);
        return new PatronView(Json.parseObject(rs.getString(1)), g == null ? null : Json.parseObject(g), blocks);
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

    /** The borrower summary FOLIO embeds in loans. */
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
