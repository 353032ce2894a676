package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.CqlField;
import org.quire.platform.cql.CqlFields;
import org.quire.platform.cql.FieldType;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Sql;
import org.quire.platform.events.Outbox;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The inventory module's SQL beyond the storage records' own ({@link InventoryTypes}' record stores): items with
 * their context ({@link ItemView}), HRID numbers, the items a holdings change is pushed down to, the statements of
 * moving items and holdings records, and the service points a service points user names. Each method takes the
 * caller's connection, so a use case composes them in its one transaction.
 */
public final class InventoryStore {
    private InventoryStore() {
    }

    // ---- items with their context ----------------------------------------------------------------------------

    /*
     * The reference records are scalar subqueries rather than LEFT JOINs: the result is the same, but a nine-table
     * join costs PostgreSQL ~1.6 ms to plan, and statements it re-plans on every execution (id = ANY(?), which keeps
     * custom plans) paid that each time; as subqueries planning takes ~0.3 ms. Of the instance only id, title, hrid
     * and contributors are read: a MARC-derived instance can be large.
     */
    private static final String ITEM_VIEW = """
            SELECT i.jsonb, h.jsonb,
                   jsonb_build_object('id', inst.id, 'title', inst.title, 'hrid', inst.hrid,
                                      'contributors', coalesce(inst.jsonb->'contributors', '[]'::jsonb)),
                   (SELECT jsonb FROM %1$s.material_type WHERE id = i.material_type_id),
                   (SELECT jsonb FROM %1$s.loan_type WHERE id = i.permanent_loan_type_id),
                   (SELECT jsonb FROM %1$s.loan_type WHERE id = i.temporary_loan_type_id),
                   (SELECT jsonb FROM %1$s.location WHERE id = i.effective_location_id),
                   (SELECT jsonb FROM %1$s.location WHERE id = i.permanent_location_id),
                   (SELECT jsonb FROM %1$s.location WHERE id = i.temporary_location_id)
            FROM (%2$s) i
            JOIN %1$s.holdings_record h ON h.id = i.holdings_record_id
            JOIN %1$s.instance inst ON inst.id = h.instance_id
            """;

    /** By barcode, without locking (a read: SIP2's item information). */
    public static Optional<ItemView> itemByBarcode(Connection c, String schema, String barcode) throws SQLException {
        return Sql.one(c, itemByBarcodeSql(schema, false), List.of(barcode), InventoryStore::itemView);
    }

    /** The statement behind the barcode lookups (public so a test can EXPLAIN exactly it). */
    public static String itemByBarcodeSql(String schema, boolean lock) {
        return Sql.filled(ITEM_VIEW, schema, "SELECT * FROM " + schema + ".item WHERE barcode = ?" + (lock ? " FOR UPDATE" : ""));
    }

    /** By id, the item row locked until the transaction ends (request creation serialises on it like check-out). */
    public static Optional<ItemView> itemByIdForUpdate(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, itemForUpdateSql(schema, false), List.of(id), InventoryStore::itemView);
    }

    /**
     * The statement of one item with its context, row-locked, by barcode or by id (its one parameter): circulation
     * composes it with the item's loan and requests. Its columns are read by {@link #itemView}. The lock is held until
     * the transaction ends: concurrent check-outs of one item queue here.
     */
    public static String itemForUpdateSql(String schema, boolean byBarcode) {
        return byBarcode ? itemByBarcodeSql(schema, true)
                : Sql.filled(ITEM_VIEW, schema, "SELECT * FROM " + schema + ".item WHERE id = ? FOR UPDATE");
    }

    public static Optional<ItemView> itemById(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, ITEM_VIEW.formatted(schema, "SELECT * FROM " + schema + ".item WHERE id = ?"), List.of(id),
                InventoryStore::itemView);
    }

    public static List<ItemView> itemsByIds(Connection c, String schema, Collection<UUID> ids) throws SQLException {
        if (ids.isEmpty()) return List.of();
        return Sql.list(c, ITEM_VIEW.formatted(schema, "SELECT * FROM " + schema + ".item WHERE id = ANY(?)"),
                List.of(uuids(c, ids)), InventoryStore::itemView);
    }

    /** The items of an instance, oldest first (the order title-level requests choose among them in). */
    public static List<ItemView> itemsOfInstance(Connection c, String schema, UUID instanceId) throws SQLException {
        return Sql.list(c, ITEM_VIEW.formatted(schema, "SELECT it.* FROM " + schema + ".item it JOIN " + schema
                + ".holdings_record hr ON hr.id = it.holdings_record_id WHERE hr.instance_id = ?")
                + " ORDER BY i.created_date, i.id", List.of(instanceId), InventoryStore::itemView);
    }

    /** A CQL page of items, already translated to SQL over the item table's typed columns. */
    public static List<ItemView> searchItems(Connection c, String schema, SqlWhere where, String orderBy, int limit,
                                             int offset) throws SQLException {
        List<Object> params = new ArrayList<>(where.params());
        params.add(limit);
        params.add(offset);
        // row_number keeps the page's order through the joins without re-sorting on joined columns
        String inner = "SELECT *, row_number() OVER (ORDER BY " + orderBy + ") AS rn FROM " + schema + ".item WHERE "
                + where.where() + " ORDER BY " + orderBy + " LIMIT ? OFFSET ?";
        return Sql.list(c, ITEM_VIEW.formatted(schema, inner) + " ORDER BY i.rn", params, InventoryStore::itemView);
    }

    /** How many items match {@code where} (a page that does not tell its total asks). */
    static long countItems(Connection c, String schema, SqlWhere where) throws SQLException {
        return Sql.one(c, "SELECT count(*) FROM " + schema + ".item WHERE " + where.where(), where.params(),
                rs -> rs.getLong(1)).orElse(0L);
    }

    /**
     * The item's CQL indexes plus the names the Inventory app sorts a holdings record's items by (ui-inventory
     * useHoldingItemsQuery: materialType.name, temporaryLoanType.name, effectiveLocation.name; and
     * permanentLoanType.name), each the referenced record's name column read by a scalar subquery on its primary
     * key. FOLIO's storage has no such fields on the stored item (its sort by them orders nothing); Quire sorts by
     * the names shown. For {@link #searchItems}'s item rows only; the expressions name {@code schema}.
     */
    public static CqlFields itemFieldsWithReferenceNames(String schema) {
        List<CqlField> fields = new ArrayList<>(InventoryTypes.ITEMS.type().cqlFields().all());
        fields.add(nameOf(schema, "materialType.name", "material_type", "material_type_id"));
        fields.add(nameOf(schema, "permanentLoanType.name", "loan_type", "permanent_loan_type_id"));
        fields.add(nameOf(schema, "temporaryLoanType.name", "loan_type", "temporary_loan_type_id"));
        fields.add(nameOf(schema, "effectiveLocation.name", "location", "effective_location_id"));
        return CqlFields.of(fields.toArray(CqlField[]::new));
    }

    private static CqlField nameOf(String schema, String index, String table, String idColumn) {
        return new CqlField(index, "(SELECT r.name FROM " + schema + "." + table + " r WHERE r.id = " + idColumn + ")",
                FieldType.TEXT);
    }

    /** An item view from the first nine columns of a row of these statements. */
    public static ItemView itemView(ResultSet rs) throws SQLException {
        return new ItemView(obj(rs, 1), obj(rs, 2), obj(rs, 3), obj(rs, 4), obj(rs, 5), obj(rs, 6), obj(rs, 7),
                obj(rs, 8), obj(rs, 9));
    }

    private static ObjectNode obj(ResultSet rs, int col) throws SQLException {
        String s = rs.getString(col);
        return s == null ? null : Json.parseObject(s);
    }

    // ---- derived fields --------------------------------------------------------------------------------------

    /** {@code count} new numbers of an HRID sequence, in one round trip. */
    static List<Long> nextNumbers(Connection c, String schema, String sequence, int count) throws SQLException {
        return Sql.list(c, "SELECT nextval('" + schema + "." + sequence + "') FROM generate_series(1, ?)",
                List.of(count), rs -> rs.getLong(1));
    }

    /** The items of these holdings records, row-locked until the transaction ends (a push-down rewrites them). */
    static List<ObjectNode> itemsOfHoldingsForUpdate(Connection c, String schema, Collection<UUID> holdingsIds)
            throws SQLException {
        return Sql.list(c, "SELECT jsonb FROM " + schema + ".item WHERE holdings_record_id = ANY(?) FOR UPDATE",
                List.of(uuids(c, holdingsIds)), rs -> Json.parseObject(rs.getString(1)));
    }

    /** Which of these service points exist. */
    static Set<UUID> existingServicePoints(Connection c, String schema, Collection<UUID> ids) throws SQLException {
        return new HashSet<>(Sql.list(c, "SELECT id FROM " + schema + ".service_point WHERE id = ANY(?)",
                List.of(uuids(c, ids)), rs -> rs.getObject(1, UUID.class)));
    }

    // ---- moving items and holdings records -------------------------------------------------------------------

    /**
     * The highest item order in the holdings record (0 when it has no items), the holdings row locked FOR NO KEY
     * UPDATE: two moves into the same holdings record take their orders one after the other, while new items may
     * still reference it (their foreign key check needs only KEY SHARE). Empty when the holdings record does not
     * exist.
     */
    static Optional<Integer> lockHoldingsForItemOrder(Connection c, String schema, UUID holdingsId) throws SQLException {
        return Sql.one(c, "SELECT coalesce((SELECT max(item_order) FROM " + schema + ".item WHERE holdings_record_id = "
                        + "h.id), 0) FROM " + schema + ".holdings_record h WHERE h.id = ? FOR NO KEY UPDATE OF h",
                List.of(holdingsId), rs -> rs.getInt(1));
    }

    /** Whether the instance exists, KEY SHARE-locked so that it cannot be deleted before the transaction ends. */
    static boolean lockInstanceKey(Connection c, String schema, UUID instanceId) throws SQLException {
        return Sql.one(c, "SELECT 1 FROM " + schema + ".instance WHERE id = ? FOR KEY SHARE", List.of(instanceId),
                rs -> true).isPresent();
    }

    /** The records of {@code ids} in {@code table} that exist, row-locked in id order (two movers never deadlock). */
    static List<ObjectNode> lockInIdOrder(Connection c, String schema, String table, Collection<UUID> ids)
            throws SQLException {
        if (ids.isEmpty()) return List.of();
        return Sql.list(c, "SELECT jsonb FROM " + schema + "." + table + " WHERE id = ANY(?) ORDER BY id FOR UPDATE",
                List.of(uuids(c, ids)), rs -> Json.parseObject(rs.getString(1)));
    }

    /**
     * One statement appends an UPDATED event for every item of the moved holdings records ({@code holdings[i]} was
     * on {@code oldInstances[i]}), carrying the instance before and after.
     */
    static void appendItemEventsOfMovedHoldings(Connection c, String schema, UUID[] holdings, UUID[] oldInstances,
                                                UUID toInstance) throws SQLException {
        int n = Sql.update(c, "INSERT INTO " + schema + ".outbox (topic, record_id, payload) "
                        + "SELECT ?, i.id, jsonb_build_object('type', 'UPDATED', "
                        + "'old', i.jsonb || jsonb_build_object('instanceId', m.old_instance), "
                        + "'new', i.jsonb || jsonb_build_object('instanceId', ?::uuid)) "
                        + "FROM unnest(?::uuid[], ?::uuid[]) AS m(holdings_id, old_instance) "
                        + "JOIN " + schema + ".item i ON i.holdings_record_id = m.holdings_id ORDER BY i.id",
                List.of(InventoryTypes.ITEMS.type().eventTopic(), toInstance, c.createArrayOf("uuid", holdings),
                        c.createArrayOf("uuid", oldInstances)));
        if (n > 0) Outbox.written(schema);
    }

    private static java.sql.Array uuids(Connection c, Collection<UUID> ids) throws SQLException {
        return c.createArrayOf("uuid", ids.toArray());
    }
}
