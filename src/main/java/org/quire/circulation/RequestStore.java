package org.quire.circulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.inventory.InventoryStore;
import org.quire.inventory.InventoryTypes;
import org.quire.inventory.ItemStatus;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * SQL of circulation's Requests: every statement about them, in one style (platform.db.Sql, schema-qualified,
 * ? parameters). Use cases compose these methods inside the transaction they opened. Statuses and types are written
 * into the SQL text from the vocabulary enums as literals (not parameters): the partial indexes of V16 match on them.
 */
final class RequestStore {
    private RequestStore() {
    }

    private static final String OPEN = "status LIKE 'Open%%'";
    /** A queue's order; its columns are those {@link #ITEM_QUEUE} selects besides the JSON. */
    private static final String QUEUE_KEYS = "position NULLS LAST, request_date, id";
    private static final String QUEUE_ORDER = "ORDER BY " + QUEUE_KEYS;

    /** A status, type or item status as an SQL literal (the enums' names contain no quote). */
    static String lit(Object vocabularyValue) {
        return "'" + vocabularyValue + "'";
    }

    private static ObjectNode json(ResultSet rs, int column) throws SQLException {
        String s = rs.getString(column);
        return s == null ? null : Json.parseObject(s);
    }

    private static Object uuids(Connection c, Collection<UUID> ids) throws SQLException {
        return c.createArrayOf("uuid", ids.toArray());
    }

    // ---- queues ------------------------------------------------------------------------------------------------

    /**
     * The open requests of an item in queue order, locked: its own and the title-level requests of its instance that
     * no item fills yet (they exist only with TLR on, when positions run across the instance, so one ORDER BY serves).
     */
    static List<ObjectNode> itemQueue(Connection c, String schema, UUID itemId) throws SQLException {
        return Sql.list(c, itemQueueSql(schema), List.of(itemId, itemId), rs -> json(rs, 1));
    }

    /** The statement behind {@link #itemQueue} (package-visible so HotQueryPlansTest can EXPLAIN exactly it). */
    static String itemQueueSql(String schema) {
        return Sql.filled(ITEM_QUEUE, schema, "?", Sql.filled(ITEM_INSTANCE, schema));
    }

    /** The instance of the item whose id is the parameter. */
    private static final String ITEM_INSTANCE = "(SELECT h.instance_id FROM %1$s.item i JOIN %1$s.holdings_record h"
            + " ON h.id = i.holdings_record_id WHERE i.id = ?)";

    /** Filled with the schema, the item's id and its instance's id (parameters, or expressions of a larger statement). */
    private static final String ITEM_QUEUE = "SELECT jsonb, position, request_date, id FROM %1$s.request WHERE " + OPEN
            + " AND (item_id = %2$s OR (item_id IS NULL AND instance_id = %3$s)) " + QUEUE_ORDER + " FOR UPDATE";

    /**
     * The item by barcode or id as {@link InventoryStore} reads it for circulation, its open loan and its request queue
     * (as {@link #itemQueue}), all three row-locked in that order, in ONE statement: check-out, check-in and renewal
     * need all three, and the item was a round trip of its own before the other two. Parameter: the barcode or the id.
     * The CTE {@code iv} names the item view's columns; the loan and the queue find the item through it, so an
     * unknown item locks nothing more and answers no row.
     */
    static String itemLoanAndQueueSql(String schema, boolean byBarcode) {
        return itemLoanAndQueueSql(schema, byBarcode, false);
    }

    /**
     * {@link #itemLoanAndQueueSql(String, boolean)}, with {@code withServicePoint} one more column: the service point
     * whose id is the second parameter (check-in knows it from its request, and needs it before it writes).
     */
    static String itemLoanAndQueueSql(String schema, boolean byBarcode, boolean withServicePoint) {
        // Each part is a text Sql.filled keeps, so the key of the whole is cheap to look up per request.
        return Sql.filled(ITEM_LOAN_AND_QUEUE, InventoryStore.itemForUpdateSql(schema, byBarcode),
                LoanStore.openLoanSql(schema, IV_ITEM_ID), Sql.filled(ITEM_QUEUE, schema, IV_ITEM_ID, IV_INSTANCE_ID),
                withServicePoint ? Sql.filled(SERVICE_POINT_COLUMN, schema) : "");
    }

    private static final String SERVICE_POINT_COLUMN = ", (SELECT jsonb FROM %s."
            + InventoryTypes.SERVICE_POINTS.type().table() + " WHERE id = ?)::text";

    private static final String IV_ITEM_ID = "(SELECT (item->>'id')::uuid FROM iv)",
            IV_INSTANCE_ID = "(SELECT (instance->>'id')::uuid FROM iv)";

    private static final String ITEM_LOAN_AND_QUEUE = "WITH iv(item, holdings, instance, material_type,"
            + " permanent_loan_type, temporary_loan_type, effective_location, permanent_location, temporary_location)"
            + " AS MATERIALIZED (%s), loan AS MATERIALIZED (%s), queue AS MATERIALIZED (%s)"
            + " SELECT iv.*, (SELECT jsonb FROM loan LIMIT 1)::text,"
            + " (SELECT coalesce(jsonb_agg(jsonb ORDER BY " + QUEUE_KEYS + "), '[]') FROM queue)::text%s FROM iv";

    /**
     * An item (null when none has the barcode or id), its open loan if it has one, its request queue, and the service
     * point asked for with it (null when none was asked for, none has its id, or there is no item).
     */
    record ItemLoanAndQueue(ItemView item, LoanAndQueue loanAndQueue, ObjectNode servicePoint) {
        /** No such item. */
        static final ItemLoanAndQueue NONE = new ItemLoanAndQueue(null, new LoanAndQueue(Optional.empty(), List.of()),
                null);
    }

    /** The item by barcode ({@code byBarcode}) or id, its open loan and its queue, all row-locked: 1 statement. */
    static ItemLoanAndQueue itemLoanAndQueue(Connection c, String schema, boolean byBarcode, Object key)
            throws SQLException {
        return itemLoanAndQueue(c, schema, byBarcode, key, null);
    }

    /** {@link #itemLoanAndQueue(Connection, String, boolean, Object)} and the service point {@code servicePointId}. */
    static ItemLoanAndQueue itemLoanAndQueue(Connection c, String schema, boolean byBarcode, Object key,
                                             UUID servicePointId) throws SQLException {
        boolean withServicePoint = servicePointId != null;
        return Sql.one(c, itemLoanAndQueueSql(schema, byBarcode, withServicePoint),
                withServicePoint ? List.of(key, servicePointId) : List.of(key), rs -> {
            List<ObjectNode> queue = new ArrayList<>();
            for (JsonNode r : Json.parse(rs.getString(11))) queue.add((ObjectNode) r);
            String servicePoint = withServicePoint ? rs.getString(12) : null;
            return new ItemLoanAndQueue(InventoryStore.itemView(rs), new LoanAndQueue(
                    Optional.ofNullable(rs.getString(10)).map(l -> new LoanView(Json.parseObject(l))), queue),
                    servicePoint == null ? null : Json.parseObject(servicePoint));
        }).orElse(ItemLoanAndQueue.NONE);
    }

    /** An item's open loan, if it has one, and its open requests in queue order. */
    record LoanAndQueue(Optional<LoanView> openLoan, List<ObjectNode> queue) {
    }

    /** The item's own open requests, without locks. */
    static List<ObjectNode> itemQueueReadOnly(Connection c, String schema, UUID itemId) throws SQLException {
        return Sql.list(c, "SELECT jsonb FROM " + schema + ".request WHERE item_id = ? AND status LIKE 'Open%' "
                + QUEUE_ORDER, List.of(itemId), rs -> json(rs, 1));
    }

    /** The open requests of an instance, locked, the instance row too (two first requests cannot both be 1). */
    static List<ObjectNode> instanceQueue(Connection c, String schema, UUID instanceId) throws SQLException {
        return Sql.list(c, ("WITH inst AS (SELECT id FROM %1$s.instance WHERE id = ? FOR UPDATE) "
                + "SELECT jsonb FROM %1$s.request WHERE instance_id = (SELECT id FROM inst) AND " + OPEN + " "
                + QUEUE_ORDER + " FOR UPDATE").formatted(schema), List.of(instanceId), rs -> json(rs, 1));
    }

    static List<ObjectNode> instanceQueueReadOnly(Connection c, String schema, UUID instanceId) throws SQLException {
        return Sql.list(c, ("SELECT jsonb FROM %1$s.request WHERE instance_id = ? AND " + OPEN + " " + QUEUE_ORDER)
                .formatted(schema), List.of(instanceId), rs -> json(rs, 1));
    }

    /** The instance's title, its row locked (title-level requests of one instance queue here); empty if none. */
    static Optional<String> lockInstanceTitle(Connection c, String schema, UUID instanceId) throws SQLException {
        return Sql.one(c, "SELECT title FROM " + schema + ".instance WHERE id = ? FOR UPDATE", List.of(instanceId),
                rs -> rs.getString(1));
    }

    /**
     * Positions 1..n again after a request left the item's queue: one statement, touching only rows that move; with
     * the TLR feature on (read inside the statement) the queue is the item's instance's.
     */
    static void renumberItemQueue(Connection c, String schema, UUID itemId) throws SQLException {
        Sql.update(c, renumberItemQueueSql(schema), List.of(itemId, itemId));
    }

    /**
     * The statement of {@link #renumberItemQueue} (HotQueryPlansTest EXPLAINs exactly it). The queue is "the
     * instance's when TLR is on, else the item's" written as two index conditions of which one compares with NULL
     * (and so matches nothing): a CASE choosing between the two conditions could use neither index, and every
     * check-out that filled a request read all open requests of the tenant.
     */
    static String renumberItemQueueSql(String schema) {
        String tlr = tlrEnabledSql(schema);
        return renumberSql(schema, "(instance_id = CASE WHEN " + tlr + " THEN (SELECT h.instance_id FROM %1$s.item i "
                + "JOIN %1$s.holdings_record h ON h.id = i.holdings_record_id WHERE i.id = ?) END "
                + "OR item_id = CASE WHEN " + tlr + " THEN NULL ELSE ?::uuid END)");
    }

    /** The same for the queue of an instance (a title-level request no item fills yet left it). */
    static void renumberInstanceQueue(Connection c, String schema, UUID instanceId) throws SQLException {
        Sql.update(c, renumberSql(schema, "instance_id = ? AND (" + tlrEnabledSql(schema) + " OR item_id IS NULL)"),
                List.of(instanceId));
    }

    private static String renumberSql(String schema, String queue) {
        return ("UPDATE %1$s.request r SET position = q.rn, jsonb = jsonb_set(r.jsonb, '{position}', to_jsonb(q.rn)) "
                + "FROM (SELECT id, (row_number() OVER (" + QUEUE_ORDER + "))::int AS rn "
                + "FROM %1$s.request WHERE " + OPEN + " AND " + queue + ") q "
                + "WHERE r.id = q.id AND r.position IS DISTINCT FROM q.rn").formatted(schema);
    }

    /** New positions for the given requests in one statement (the caller validated the permutation). */
    static void setPositions(Connection c, String schema, List<UUID> ids, List<Integer> positions) throws SQLException {
        Sql.update(c, ("UPDATE %1$s.request r SET position = v.pos, jsonb = jsonb_set(r.jsonb, '{position}', to_jsonb(v.pos)) "
                + "FROM unnest(?::uuid[], ?::int[]) AS v(id, pos) WHERE r.id = v.id").formatted(schema),
                List.of(uuids(c, ids), c.createArrayOf("integer", positions.toArray())));
    }

    /** The item's requests in fulfilment (Awaiting pickup, Awaiting delivery, In transit), locked. */
    static List<ObjectNode> inFulfilmentForUpdate(Connection c, String schema, UUID itemId) throws SQLException {
        return Sql.list(c, "SELECT jsonb FROM " + schema + ".request WHERE item_id = ? AND status IN (?, ?, ?) FOR UPDATE",
                List.of(itemId, RequestStatus.OPEN_AWAITING_PICKUP.folioName(),
                        RequestStatus.OPEN_AWAITING_DELIVERY.folioName(), RequestStatus.OPEN_IN_TRANSIT.folioName()),
                rs -> json(rs, 1));
    }

    // ---- TLR settings ------------------------------------------------------------------------------------------

    /** The TLR settings' merged value as one jsonb expression (never null), usable inside other statements. */
    static String tlrValueSql(String schema) {
        return """
                coalesce(
                  (SELECT jsonb->'value' FROM %1$s.circulation_setting WHERE name = 'generalTlr' ORDER BY id LIMIT 1)
                    || coalesce((SELECT jsonb->'value' FROM %1$s.circulation_setting WHERE name = 'regularTlr' ORDER BY id LIMIT 1), '{}'::jsonb),
                  (SELECT jsonb->'value' FROM %1$s.circulation_setting WHERE name = 'TLR' ORDER BY id LIMIT 1),
                  (SELECT jsonb->'value' FROM %1$s.setting_entry WHERE scope = 'circulation' AND key = 'generalTlr' AND user_id IS NULL),
                  (SELECT CASE WHEN jsonb_typeof(jsonb->'value') = 'object' THEN jsonb->'value'
                               WHEN jsonb->>'value' ~ '^\\s*\\{.*\\}\\s*$' THEN (jsonb->>'value')::jsonb END
                     FROM %1$s.config_entry WHERE module = 'SETTINGS' AND config_name = 'TLR' ORDER BY id LIMIT 1),
                  '{}'::jsonb)""".formatted(schema);
    }

    /** A boolean SQL expression: is the TLR feature on (for statements that partition queues by it). */
    static String tlrEnabledSql(String schema) {
        return "coalesce((" + tlrValueSql(schema) + ")->>'titleLevelRequestsFeatureEnabled' = 'true', false)";
    }

    static ObjectNode tlrValue(Connection c, String schema) throws SQLException {
        return Sql.one(c, "SELECT " + tlrValueSql(schema), List.of(), rs -> json(rs, 1)).orElse(Json.object());
    }

    // ---- loans and locations the request rules read ---------------------------------------------------------

    /** One of these items the requester has on loan, if any. */
    static Optional<String> itemOnLoanTo(Connection c, String schema, UUID requesterId, List<UUID> itemIds)
            throws SQLException {
        return Sql.one(c, "SELECT item_id FROM " + schema + ".loan WHERE user_id = ? AND status_name = 'Open' AND item_id = ANY(?) LIMIT 1",
                List.of(requesterId, uuids(c, itemIds)), rs -> rs.getString(1));
    }

    /** The open loans of these items, due soonest first. */
    static List<ObjectNode> openLoansByDueDate(Connection c, String schema, Collection<UUID> itemIds) throws SQLException {
        return Sql.list(c, "SELECT jsonb FROM " + schema + ".loan WHERE item_id = ANY(?) AND status_name = 'Open' ORDER BY due_date, id",
                List.of(uuids(c, itemIds)), rs -> json(rs, 1));
    }

    /** The due date (typed column) of each of these items' open loan. */
    static Map<UUID, Timestamp> openLoanDueTimes(Connection c, String schema, Collection<UUID> itemIds) throws SQLException {
        Map<UUID, Timestamp> due = new HashMap<>();
        Sql.list(c, "SELECT item_id, due_date FROM " + schema + ".loan WHERE item_id = ANY(?) AND status_name = 'Open'",
                List.of(uuids(c, itemIds)), rs -> due.put(rs.getObject(1, UUID.class), rs.getTimestamp(2)));
        return due;
    }

    /** The due date as the loan's JSON writes it, of each of these items' open loan (none read for no items). */
    static Map<UUID, String> openLoanDueDates(Connection c, String schema, Collection<UUID> itemIds) throws SQLException {
        Map<UUID, String> out = new HashMap<>();
        if (itemIds.isEmpty()) return out;
        for (var row : Sql.list(c, "SELECT item_id, jsonb->>'dueDate' FROM " + schema + ".loan WHERE item_id = ANY(?) "
                + "AND status_name = 'Open'", List.of(uuids(c, itemIds)),
                rs -> Map.entry(rs.getObject(1, UUID.class), Optional.ofNullable(rs.getString(2))))) {
            row.getValue().ifPresent(d -> out.put(row.getKey(), d));
        }
        return out;
    }

    /** The locations whose primary service point is this one. */
    static List<ObjectNode> locationsServedBy(Connection c, String schema, UUID servicePointId) throws SQLException {
        return Sql.list(c, "SELECT jsonb FROM " + schema + ".location WHERE primary_service_point = ?",
                List.of(servicePointId), rs -> json(rs, 1));
    }

    /** The item, locked, when it is Paged; else empty without a lock. */
    static Optional<ObjectNode> lockPagedItem(Connection c, String schema, UUID itemId) throws SQLException {
        return Sql.one(c, "SELECT jsonb FROM " + schema + ".item WHERE id = ? AND status_name = "
                + lit(ItemStatus.PAGED) + " FOR UPDATE", List.of(itemId), rs -> json(rs, 1));
    }

    // ---- expiry ------------------------------------------------------------------------------------------------

    private static final String NOT_ON_SHELF = "(" + lit(RequestStatus.OPEN_NOT_YET_FILLED) + ", "
            + lit(RequestStatus.OPEN_IN_TRANSIT) + ", " + lit(RequestStatus.OPEN_AWAITING_DELIVERY) + ")";
    private static final String EXPIRED = "((r.status IN " + NOT_ON_SHELF + " AND r.request_expiration_date < ?) "
            + "OR (r.status = " + lit(RequestStatus.OPEN_AWAITING_PICKUP) + " AND r.hold_shelf_expiration_date < ?))";

    record ExpiryCandidate(UUID id, UUID itemId) {
    }

    record LockedItem(UUID id, boolean paged) {
    }

    /** Expired open requests (parameters: now, limit, now, limit, limit), on the partial indexes of V16. */
    static String expiryCandidatesSql(String schema) {
        return ("(SELECT r.id, r.item_id FROM %1$s.request r WHERE r.status IN " + NOT_ON_SHELF
                + " AND r.request_expiration_date < ? LIMIT ?) UNION ALL (SELECT r.id, r.item_id FROM %1$s.request r "
                + "WHERE r.status = " + lit(RequestStatus.OPEN_AWAITING_PICKUP)
                + " AND r.hold_shelf_expiration_date < ? LIMIT ?) LIMIT ?").formatted(schema);
    }

    /** Two index range scans, no locks yet. */
    static List<ExpiryCandidate> expiryCandidates(Connection c, String schema, Instant now, int limit) throws SQLException {
        Timestamp at = Timestamp.from(now);
        return Sql.list(c, expiryCandidatesSql(schema), List.of(at, limit, at, limit, limit),
                rs -> new ExpiryCandidate(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class)));
    }

    /** These items locked in id order, skipping rows a desk holds, each with whether it is Paged. */
    static List<LockedItem> lockItemsSkipLocked(Connection c, String schema, List<UUID> itemIds) throws SQLException {
        return Sql.list(c, "SELECT id, status_name = " + lit(ItemStatus.PAGED) + " FROM " + schema
                + ".item WHERE id = ANY(?) ORDER BY id FOR UPDATE SKIP LOCKED", List.of(uuids(c, itemIds)),
                rs -> new LockedItem(rs.getObject(1, UUID.class), rs.getBoolean(2)));
    }

    /** The candidates still expired at {@code now} whose item (if any) is among the locked ones, locked. */
    static List<ObjectNode> lockExpired(Connection c, String schema, List<UUID> requestIds, List<UUID> lockedItems,
                                        Instant now) throws SQLException {
        Timestamp at = Timestamp.from(now);
        return Sql.list(c, ("SELECT r.jsonb FROM %1$s.request r WHERE r.id = ANY(?) "
                + "AND (r.item_id IS NULL OR r.item_id = ANY(?)) AND " + EXPIRED + " ORDER BY r.id FOR UPDATE SKIP LOCKED")
                .formatted(schema), List.of(uuids(c, requestIds), uuids(c, lockedItems), at, at), rs -> json(rs, 1));
    }

    // ---- reports and slips ---------------------------------------------------------------------------------

    /** Each item's latest request closed off the shelf, for the items still on it (parameter: the service point). */
    static String holdShelfClearanceSql(String schema) {
        return """
                SELECT latest.jsonb FROM (
                  SELECT DISTINCT ON (r.item_id) r.jsonb, r.pickup_service_point_id,
                         r.awaiting_pickup_request_closed_date AS closed
                  FROM %1$s.item i JOIN %1$s.request r ON r.item_id = i.id
                  WHERE i.status_name = %2$s
                    AND r.status IN (%3$s, %4$s)
                    AND r.awaiting_pickup_request_closed_date IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM %1$s.request o
                                    WHERE o.item_id = i.id AND o.status = %5$s)
                  ORDER BY r.item_id, r.awaiting_pickup_request_closed_date DESC) latest
                WHERE latest.pickup_service_point_id = ?
                ORDER BY latest.closed""".formatted(schema, lit(ItemStatus.AWAITING_PICKUP),
                lit(RequestStatus.CLOSED_PICKUP_EXPIRED), lit(RequestStatus.CLOSED_CANCELLED),
                lit(RequestStatus.OPEN_AWAITING_PICKUP));
    }

    static List<ObjectNode> holdShelfClearance(Connection c, String schema, UUID servicePointId) throws SQLException {
        return Sql.list(c, holdShelfClearanceSql(schema), List.of(servicePointId), rs -> json(rs, 1));
    }

    /** One staff slip's records and names, as the slip statements read them. */
    record SlipRow(ObjectNode request, ObjectNode item, String title, JsonNode contributors, String materialType,
                   String loanType, ObjectNode location, String library, String campus, String institution,
                   String pickupServicePoint, ObjectNode user, String patronGroup, String primaryServicePoint) {
    }

    private static final String SLIP_COLUMNS = """
            SELECT r.jsonb, i.jsonb, inst.title, inst.jsonb->'contributors',
                   (SELECT name FROM %1$s.material_type WHERE id = i.material_type_id),
                   (SELECT name FROM %1$s.loan_type WHERE id = coalesce(i.temporary_loan_type_id, i.permanent_loan_type_id)),
                   l.jsonb, (SELECT name FROM %1$s.library WHERE id = l.library_id),
                   (SELECT name FROM %1$s.campus WHERE id = l.campus_id),
                   (SELECT name FROM %1$s.institution WHERE id = l.institution_id),
                   (SELECT name FROM %1$s.service_point WHERE id = r.pickup_service_point_id),
                   u.jsonb, (SELECT group_name FROM %1$s.patron_group WHERE id = u.patron_group),
                   (SELECT name FROM %1$s.service_point WHERE id = l.primary_service_point)
            """;

    /** Open Page requests whose item is Paged in a location whose primary service point is this one: ONE statement. */
    static List<SlipRow> pickSlips(Connection c, String schema, UUID servicePointId) throws SQLException {
        return Sql.list(c, (SLIP_COLUMNS + """
                FROM %1$s.location l
                JOIN %1$s.item i ON i.effective_location_id = l.id AND i.status_name = %2$s
                JOIN %1$s.request r ON r.item_id = i.id AND r.request_type = %3$s AND r.status = %4$s
                JOIN %1$s.holdings_record h ON h.id = i.holdings_record_id
                JOIN %1$s.instance inst ON inst.id = h.instance_id
                LEFT JOIN %1$s.users u ON u.id = r.requester_id
                WHERE l.primary_service_point = ?
                ORDER BY r.request_date, r.id""").formatted(schema, lit(ItemStatus.PAGED), lit(RequestType.PAGE),
                lit(RequestStatus.OPEN_NOT_YET_FILLED)), List.of(servicePointId), RequestStore::slipRow);
    }

    /** Title-level Holds no item fills yet, for instances held in such a location: ONE statement. */
    static List<SlipRow> searchSlips(Connection c, String schema, UUID servicePointId) throws SQLException {
        // No item: the item tokens are the instance's; the location is the first matching holdings record's.
        return Sql.list(c, (SLIP_COLUMNS.replace("i.jsonb, ", "NULL::jsonb, ").replace("i.material_type_id", "NULL")
                .replace("coalesce(i.temporary_loan_type_id, i.permanent_loan_type_id)", "NULL") + """
                FROM %1$s.request r
                JOIN %1$s.instance inst ON inst.id = r.instance_id
                JOIN LATERAL (SELECT lo.* FROM %1$s.holdings_record h JOIN %1$s.location lo ON lo.id = h.effective_location_id
                              WHERE h.instance_id = r.instance_id AND lo.primary_service_point = ? ORDER BY h.id LIMIT 1) l ON true
                LEFT JOIN %1$s.users u ON u.id = r.requester_id
                WHERE r.request_level = 'Title' AND r.request_type = %2$s AND r.item_id IS NULL
                  AND r.status = %3$s
                ORDER BY r.request_date, r.id""").formatted(schema, lit(RequestType.HOLD),
                lit(RequestStatus.OPEN_NOT_YET_FILLED)), List.of(servicePointId), RequestStore::slipRow);
    }

    private static SlipRow slipRow(ResultSet rs) throws SQLException {
        return new SlipRow(json(rs, 1), json(rs, 2), rs.getString(3),
                rs.getString(4) == null ? Json.array() : Json.parse(rs.getString(4)), rs.getString(5), rs.getString(6),
                json(rs, 7), rs.getString(8), rs.getString(9), rs.getString(10), rs.getString(11), json(rs, 12),
                rs.getString(13), rs.getString(14));
    }

    /** One item of the items-in-transit report with what the report shows of its surroundings. */
    record InTransitRow(ObjectNode item, String title, JsonNode contributors, String locationName, String locationCode,
                        String libraryName, String destinationId, String destinationName, String lastServicePointId,
                        String lastServicePointName, ObjectNode request, String pickupName, String patronGroupDesc,
                        ObjectNode loan, ObjectNode checkInServicePoint) {
    }

    /** Every item In transit with its first open request and the loan that sent it: ONE statement. */
    static String itemsInTransitSql(String schema) {
        return """
                SELECT i.jsonb AS item, inst.title, inst.jsonb -> 'contributors' AS contributors,
                       loc.name AS loc_name, loc.code AS loc_code, lib.name AS lib_name,
                       dest.id AS dest_id, dest.name AS dest_name,
                       last_sp.id AS last_sp_id, last_sp.name AS last_sp_name,
                       rq.jsonb AS request, pickup.name AS pickup_name,
                       (SELECT g.jsonb ->> 'desc' FROM %1$s.users u JOIN %1$s.patron_group g ON g.id = u.patron_group
                        WHERE u.id = rq.requester_id) AS patron_group_desc,
                       ln.jsonb AS loan, checkin_sp.jsonb AS checkin_sp
                FROM %1$s.item i
                JOIN %1$s.holdings_record h ON h.id = i.holdings_record_id
                JOIN %1$s.instance inst ON inst.id = h.instance_id
                LEFT JOIN %1$s.location loc ON loc.id = i.effective_location_id
                LEFT JOIN %1$s.library lib ON lib.id = loc.library_id
                LEFT JOIN %1$s.service_point dest ON dest.id::text = i.jsonb ->> 'inTransitDestinationServicePointId'
                LEFT JOIN %1$s.service_point last_sp ON last_sp.id::text = i.jsonb -> 'lastCheckIn' ->> 'servicePointId'
                LEFT JOIN LATERAL (
                    SELECT r.jsonb, r.requester_id, r.pickup_service_point_id FROM %1$s.request r
                    WHERE r.item_id = i.id AND r.status LIKE 'Open%%' ORDER BY r.position LIMIT 1) rq ON true
                LEFT JOIN %1$s.service_point pickup ON pickup.id = rq.pickup_service_point_id
                LEFT JOIN LATERAL (
                    SELECT l.jsonb, l.checkin_service_point_id FROM %1$s.loan l
                    WHERE l.item_id = i.id ORDER BY l.loan_date DESC LIMIT 1) latest ON true
                LEFT JOIN LATERAL (
                    SELECT latest.jsonb, latest.checkin_service_point_id
                    WHERE latest.jsonb -> 'status' ->> 'name' = 'Closed'
                      AND (latest.jsonb ->> 'itemStatus' = %2$s
                           OR latest.jsonb ->> 'systemReturnDate' = i.jsonb -> 'status' ->> 'date')) ln ON true
                LEFT JOIN %1$s.service_point checkin_sp ON checkin_sp.id = ln.checkin_service_point_id
                WHERE i.status_name = %2$s
                ORDER BY checkin_sp.name COLLATE "C" NULLS LAST, i.id""".formatted(schema, lit(ItemStatus.IN_TRANSIT));
    }

    static List<InTransitRow> itemsInTransit(Connection c, String schema) throws SQLException {
        return Sql.list(c, itemsInTransitSql(schema), List.of(), rs -> new InTransitRow(
                Json.parseObject(rs.getString("item")), rs.getString("title"),
                rs.getString("contributors") == null ? null : Json.parse(rs.getString("contributors")),
                rs.getString("loc_name"), rs.getString("loc_code"), rs.getString("lib_name"),
                rs.getString("dest_id"), rs.getString("dest_name"), rs.getString("last_sp_id"),
                rs.getString("last_sp_name"), json(rs, rs.findColumn("request")), rs.getString("pickup_name"),
                rs.getString("patron_group_desc"), json(rs, rs.findColumn("loan")),
                json(rs, rs.findColumn("checkin_sp"))));
    }
}
