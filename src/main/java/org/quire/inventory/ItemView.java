package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.CqlField;
import org.quire.platform.cql.CqlFields;
import org.quire.platform.cql.FieldType;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An item with everything around it that circulation and the business API need — holdings, instance, material and
 * loan types, locations — fetched in ONE statement (FOLIO needs a chain of HTTP calls for the same). Of the
 * instance only id, title, hrid and contributors are read: a MARC-derived instance can be large.
 */
public record ItemView(ObjectNode item, ObjectNode holdings, ObjectNode instance, ObjectNode materialType,
                       ObjectNode permanentLoanType, ObjectNode temporaryLoanType, ObjectNode effectiveLocation,
                       ObjectNode permanentLocation, ObjectNode temporaryLocation) {

    /*
     * The reference records are scalar subqueries rather than LEFT JOINs: the result is the same, but a nine-table
     * join costs PostgreSQL ~1.6 ms to plan, and statements it re-plans on every execution (id = ANY(?), which keeps
     * custom plans) paid that each time; as subqueries planning takes ~0.3 ms.
     */
    private static final String SELECT = """
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

    /** The item row is locked until the transaction ends: concurrent check-outs of one item queue here. */
    public static Optional<ItemView> byBarcodeForUpdate(Connection c, String schema, String barcode) throws SQLException {
        return Sql.one(c, byBarcodeSql(schema, true), List.of(barcode), ItemView::map);
    }

    /** The statement behind the barcode lookups (public so a test can EXPLAIN exactly it). */
    public static String byBarcodeSql(String schema, boolean lock) {
        return SELECT.formatted(schema, "SELECT * FROM " + schema + ".item WHERE barcode = ?" + (lock ? " FOR UPDATE" : ""));
    }

    /** By id, the item row locked until the transaction ends (request creation serialises on it like check-out). */
    public static Optional<ItemView> byIdForUpdate(Connection c, String schema, java.util.UUID id) throws SQLException {
        return Sql.one(c, SELECT.formatted(schema, "SELECT * FROM " + schema + ".item WHERE id = ? FOR UPDATE"), List.of(id),
                ItemView::map);
    }

    public static Optional<ItemView> byId(Connection c, String schema, java.util.UUID id) throws SQLException {
        return Sql.one(c, SELECT.formatted(schema, "SELECT * FROM " + schema + ".item WHERE id = ?"), List.of(id), ItemView::map);
    }

    public static List<ItemView> byIds(Connection c, String schema, java.util.Collection<java.util.UUID> ids)
            throws SQLException {
        if (ids.isEmpty()) return List.of();
        return Sql.list(c, SELECT.formatted(schema, "SELECT * FROM " + schema + ".item WHERE id = ANY(?)"), List.of(c.createArrayOf("uuid", ids.toArray())),
                ItemView::map);
    }

    /** The items of an instance, oldest first (the order title-level requests choose among them in). */
    public static List<ItemView> byInstance(Connection c, String schema, java.util.UUID instanceId) throws SQLException {
        return Sql.list(c, SELECT.formatted(schema, "SELECT it.* FROM " + schema + ".item it JOIN " + schema
                + ".holdings_record hr ON hr.id = it.holdings_record_id WHERE hr.instance_id = ?")
                + " ORDER BY i.created_date, i.id", List.of(instanceId), ItemView::map);
    }

    /** A CQL page of items, already translated to SQL over the item table's typed columns. */
    public static List<ItemView> search(Connection c, String schema, SqlWhere where, String orderBy, int limit,
                                        int offset) throws SQLException {
        List<Object> params = new ArrayList<>(where.params());
        params.add(limit);
        params.add(offset);
        // row_number keeps the page's order through the joins without re-sorting on joined columns
        String inner = "SELECT *, row_number() OVER (ORDER BY " + orderBy + ") AS rn FROM " + schema + ".item WHERE "
                + where.where() + " ORDER BY " + orderBy + " LIMIT ? OFFSET ?";
        return Sql.list(c, SELECT.formatted(schema, inner) + " ORDER BY i.rn", params, ItemView::map);
    }

    /**
     * The item's CQL indexes plus the names the Inventory app sorts a holdings record's items by (ui-inventory
     * useHoldingItemsQuery: materialType.name, temporaryLoanType.name, effectiveLocation.name; and
     * permanentLoanType.name), each the referenced record's name column read by a scalar subquery on its primary
     * key. FOLIO's storage has no such fields on the stored item (its sort by them orders nothing); Quire sorts by
     * the names shown. For {@link #search}'s item rows only; the expressions name {@code schema}.
     */
    public static CqlFields withReferenceNames(String schema) {
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

    private static ItemView map(ResultSet rs) throws SQLException {
        return new ItemView(obj(rs, 1), obj(rs, 2), obj(rs, 3), obj(rs, 4), obj(rs, 5), obj(rs, 6), obj(rs, 7),
                obj(rs, 8), obj(rs, 9));
    }

    private static ObjectNode obj(ResultSet rs, int col) throws SQLException {
        String s = rs.getString(col);
        return s == null ? null : Json.parseObject(s);
    }

    /** The same context around a new version of the item (after a status change). */
    public ItemView withItem(ObjectNode newItem) {
        return new ItemView(newItem, holdings, instance, materialType, permanentLoanType, temporaryLoanType,
                effectiveLocation, permanentLocation, temporaryLocation);
    }

    public String title() {
        return Json.text(instance, "title");
    }

    public String barcode() {
        return Json.text(item, "barcode");
    }

    public String status() {
        return Json.text(item, "status.name");
    }

    public java.util.UUID id() {
        return java.util.UUID.fromString(item.get("id").asText());
    }

    public String materialTypeName() {
        return materialType == null ? null : Json.text(materialType, "name");
    }

    /** The loan type that circulates: temporary wins over permanent. */
    public String loanTypeId() {
        String t = Json.text(item, "temporaryLoanTypeId");
        return t != null ? t : Json.text(item, "permanentLoanTypeId");
    }

    public ArrayNode contributorNames() {
        ArrayNode out = Json.array();
        var contributors = instance.get("contributors");
        if (contributors != null) for (var ctb : contributors) {
            if (ctb.hasNonNull("name")) out.addObject().put("name", ctb.get("name").asText());
        }
        return out;
    }

    public String callNumber() {
        return Json.text(item, "effectiveCallNumberComponents.callNumber");
    }

    /**
     * The {@code item} tokens of FOLIO's staff slips and patron notices (mod-circulation's TemplateContextUtil):
     * title, contributors, barcode, status, call number and its parts, enumeration, material and loan type, and the
     * effective location's name.
     */
    public ObjectNode tokens() {
        ObjectNode i = Json.object();
        i.put("title", title());
        ArrayNode names = contributorNames();
        if (!names.isEmpty()) {
            i.put("primaryContributor", names.get(0).path("name").asText());
            List<String> all = new ArrayList<>();
            names.forEach(n -> all.add(n.path("name").asText()));
            i.put("allContributors", String.join("; ", all));
        }
        if (barcode() != null) i.put("barcode", barcode());
        i.put("status", status());
        if (callNumber() != null) i.put("callNumber", callNumber());
        for (String[] f : new String[][]{{"callNumberPrefix", "effectiveCallNumberComponents.prefix"},
                {"callNumberSuffix", "effectiveCallNumberComponents.suffix"}, {"enumeration", "enumeration"},
                {"volume", "volume"}, {"chronology", "chronology"}, {"copy", "copyNumber"}}) {
            String v = Json.text(item, f[1]);
            if (v != null) i.put(f[0], v);
        }
        if (materialType != null) i.put("materialType", materialTypeName());
        ObjectNode loanType = temporaryLoanType != null ? temporaryLoanType : permanentLoanType;
        if (loanType != null) i.put("loanType", Json.text(loanType, "name"));
        if (effectiveLocation != null) i.put("effectiveLocationSpecific", Json.text(effectiveLocation, "name"));
        return i;
    }

    /** mod-inventory's item representation: storage fields plus named references, title and contributors. */
    public ObjectNode toBusinessJson() {
        ObjectNode out = item.deepCopy();
        out.put("title", title());
        out.set("contributorNames", contributorNames());
        if (callNumber() != null) out.put("callNumber", callNumber());
        ref(out, "materialType", materialType);
        ref(out, "permanentLoanType", permanentLoanType);
        ref(out, "temporaryLoanType", temporaryLoanType);
        ref(out, "effectiveLocation", effectiveLocation);
        ref(out, "permanentLocation", permanentLocation);
        ref(out, "temporaryLocation", temporaryLocation);
        out.put("isBoundWith", false);
        return out;
    }

    private static void ref(ObjectNode out, String field, ObjectNode ref) {
        if (ref == null) return;
        ObjectNode r = out.putObject(field);
        r.put("id", ref.get("id").asText());
        r.put("name", Json.text(ref, "name"));
    }
}
