package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A user with their patron group, manual blocks and their group's patron block limits, as circulation decides with
 * them, read in ONE statement by {@link UsersStore#patronById} or {@link UsersStore#patronByBarcode}. The limits come
 * with the patron so that a patron whose group has none (or none whose condition blocks anything) costs no statement
 * for automated blocks (circulation/blocks/AutomatedBlocks.java). Pure data: no SQL.
 *
 * @param blockLimits {conditionId, value, blockBorrowing, blockRenewals, blockRequests, message} per limit
 */
public record PatronView(ObjectNode user, ObjectNode group, List<ObjectNode> manualBlocks, List<ObjectNode> blockLimits) {

    /** A user without the circulation context (loan representations print only the borrower summary). */
    public PatronView(ObjectNode user, ObjectNode group, List<ObjectNode> manualBlocks) {
        this(user, group, manualBlocks, List.of());
    }

    public UUID id() {
        return UUID.fromString(user.get("id").asText());
    }

    public String patronGroupId() {
        return Json.text(user, "patronGroup");
    }

    /** The user's barcode, or null when they have none. */
    public String barcode() {
        return Json.text(user, "barcode");
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
