package org.quire.platform.records;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.cql.CqlException;
import org.quire.platform.cql.CqlToSql;
import org.quire.platform.cql.FieldType;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Sql;
import org.quire.platform.events.Outbox;
import org.quire.platform.domain.Conflict;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refusal;
import org.quire.platform.domain.Refused;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * SQL in and out for any {@link RecordType}: the JSON goes to {@code jsonb}, the typed columns are extracted from it
 * in Java and written in the same statement, so they can never disagree. All statements are schema-qualified.
 */
public final class RecordStore {
    private final RecordType type;
    private final String insertSql;
    /** The update alone, and {@link #updateSql} with its outbox insert when the type has events. */
    private final String rawUpdateSql;
    private final String updateSql;

    public RecordStore(RecordType type) {
        this.type = type;
        StringBuilder cols = new StringBuilder("id, jsonb, created_date, updated_date");
        StringBuilder marks = new StringBuilder("?, ?, ?, ?");
        StringBuilder sets = new StringBuilder("jsonb = ?, updated_date = ?");
        for (RecordType.Column col : type.columns()) {
            cols.append(", ").append(col.column());
            marks.append(", ?");
            sets.append(", ").append(col.column()).append(" = ?");
        }
        this.insertSql = "INSERT INTO %1$s." + type.table() + " (" + cols + ") VALUES (" + marks + ")";
        this.rawUpdateSql = "UPDATE %1$s." + type.table() + " SET " + sets + " WHERE id = ?";
        this.updateSql = withEvent(rawUpdateSql);
    }

    public RecordType type() {
        return type;
    }

    public record Page(List<ObjectNode> records, long totalRecords) {
    }

    // ---- reads -------------------------------------------------------------------------------------------------

    public Optional<ObjectNode> get(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, getSql(schema), List.of(id), rs -> Json.parseObject(rs.getString(1)));
    }

    /** The statement of {@link #get} (public so a test can EXPLAIN exactly it). */
    public String getSql(String schema) {
        return "SELECT jsonb FROM " + schema + "." + type.table() + " WHERE id = ?";
    }

    /**
     * The statement of {@link #replace}: the update by id and, for a type with events, its outbox insert (public so
     * a test can EXPLAIN exactly it).
     */
    public String updateSql(String schema) {
        return updateSql.formatted(schema);
    }

    /** Locks the row for the rest of the transaction (check-out, check-in, updates). */
    public Optional<ObjectNode> getForUpdate(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "SELECT jsonb FROM " + schema + "." + type.table() + " WHERE id = ? FOR UPDATE", List.of(id),
                rs -> Json.parseObject(rs.getString(1)));
    }

    /** Many records by id in one round trip. */
    public Map<UUID, ObjectNode> getMany(Connection c, String schema, Collection<UUID> ids) throws SQLException {
        Map<UUID, ObjectNode> out = new HashMap<>();
        if (ids.isEmpty()) return out;
        for (ObjectNode n : Sql.list(c, "SELECT jsonb FROM " + schema + "." + type.table() + " WHERE id = ANY(?)",
                List.of(c.createArrayOf("uuid", ids.toArray())), rs -> Json.parseObject(rs.getString(1)))) {
            out.put(UUID.fromString(n.get("id").asText()), n);
        }
        return out;
    }

    /** {@link #getMany}, each row locked for the rest of the transaction (in id order, so lockers never deadlock). */
    public Map<UUID, ObjectNode> getManyForUpdate(Connection c, String schema, Collection<UUID> ids)
            throws SQLException {
        Map<UUID, ObjectNode> out = new HashMap<>();
        if (ids.isEmpty()) return out;
        for (ObjectNode n : Sql.list(c, "SELECT jsonb FROM " + schema + "." + type.table() + " WHERE id = ANY(?) "
                        + "ORDER BY id FOR UPDATE", List.of(c.createArrayOf("uuid", ids.toArray())),
                rs -> Json.parseObject(rs.getString(1)))) {
            out.put(UUID.fromString(n.get("id").asText()), n);
        }
        return out;
    }

    /** First record whose typed column equals {@code value}. */
    public Optional<ObjectNode> findBy(Connection c, String schema, String column, Object value) throws SQLException {
        return Sql.one(c, "SELECT jsonb FROM " + schema + "." + type.table() + " WHERE " + column + " = ? LIMIT 1",
                List.of(value), rs -> Json.parseObject(rs.getString(1)));
    }

    /**
     * A CQL search, one round trip in the common case: the total is counted separately only when the page is full
     * (FOLIO clients page with limit/offset and show totalRecords).
     */
    public Page search(Connection c, String schema, String cql, int limit, int offset) throws SQLException {
        SqlWhere where = translate(cql);
        String order = where.orderBy().isEmpty() ? type.defaultSort() : where.orderBy();
        String from = " FROM " + schema + "." + type.table() + " WHERE " + where.where();
        List<Object> params = new ArrayList<>(where.params());
        params.add(limit);
        params.add(offset);
        List<ObjectNode> rows = limit == 0 ? List.of() : Sql.list(c, "SELECT jsonb" + from + " ORDER BY " + order
                + " LIMIT ? OFFSET ?", params, rs -> Json.parseObject(rs.getString(1)));
        long total;
        if (pageTellsTotal(limit, offset, rows.size())) {
            total = offset + rows.size();
        } else {
            total = Sql.one(c, "SELECT count(*)" + from, where.params(), rs -> rs.getLong(1)).orElse(0L);
        }
        return new Page(rows, total);
    }

    /** A page that is not full (and not past the end) already tells the total: no count query needed. */
    public static boolean pageTellsTotal(int limit, int offset, int size) {
        return size < limit && (offset == 0 || size > 0);
    }

    public SqlWhere translate(String cql) {
        try {
            return CqlToSql.translate(cql, type.cqlFields());
        } catch (CqlException e) {
            throw new InvalidInput(e.getMessage());
        }
    }

    // ---- writes ------------------------------------------------------------------------------------------------

    public ObjectNode insert(Connection c, String schema, ObjectNode json, UUID userId) throws SQLException {
        return insertAll(c, schema, List.of(json), userId, false).getFirst();
    }

    /**
     * Inserts records in multi-row statements ({@link #insertRows}); with {@code upsert} in one JDBC batch, an
     * existing id replaced (FOLIO's batch/synchronous?upsert=true).
     */
    public List<ObjectNode> insertAll(Connection c, String schema, List<ObjectNode> records, UUID userId,
                                      boolean upsert) throws SQLException {
        Instant now = Instant.now();
        for (ObjectNode r : records) prepareNew(r, now, userId);
        List<ObjectNode> previous = new ArrayList<>();
        if (upsert) {
            Map<UUID, ObjectNode> old = getMany(c, schema, records.stream().map(r -> UUID.fromString(r.get("id").asText())).toList());
            for (ObjectNode r : records) {
                ObjectNode p = old.get(UUID.fromString(r.get("id").asText()));
                previous.add(p);
                if (p != null) {
                    stampMetadata(r, p, now, userId);
                    if (type.versioned()) r.put("_version", p.path("_version").asInt(1) + 1);
                }
            }
        } else {
            records.forEach(r -> previous.add(null));
        }
        type.hooks().beforeWrite(c, schema, records, previous);
        if (!upsert && records.size() > 1) {
            insertRows(c, schema, records);
            type.hooks().afterWrite(c, schema, records, previous);
            return records;
        }
        String sql = insertSql;
        if (upsert) {
            StringBuilder sets = new StringBuilder("jsonb = EXCLUDED.jsonb, updated_date = EXCLUDED.updated_date");
            for (RecordType.Column col : type.columns())
                sets.append(", ").append(col.column()).append(" = EXCLUDED.").append(col.column());
            sql += " ON CONFLICT (id) DO UPDATE SET " + sets;
        }
        try (PreparedStatement ps = c.prepareStatement(Sql.filled(withEvent(sql), schema))) {
            for (int i = 0; i < records.size(); i++) {
                ObjectNode r = records.get(i);
                List<Object> params = rowParams(r);
                addEventParams(params, schema, previous.get(i) == null ? "CREATED" : "UPDATED", previous.get(i), r);
                Sql.bind(ps, params);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        type.hooks().afterWrite(c, schema, records, previous);
        return records;
    }

    /** A new record validated, given an id when it has none, versioned and stamped. */
    private void prepareNew(ObjectNode r, Instant now, UUID userId) {
        validate(r);
        if (!r.hasNonNull("id")) r.put("id", UUID.randomUUID().toString());
        uuid(r.get("id").asText(), "id");
        if (type.versioned()) r.put("_version", 1);
        stampMetadata(r, null, now, userId);
    }

    /**
     * A new record made ready as {@link #insert} makes it — validated, stamped, the type's beforeWrite hooks run —
     * but not sent: {@link StagedWrite#together} sends it with other writes in one statement.
     */
    public StagedWrite stagedInsert(Connection c, String schema, ObjectNode json, UUID userId) throws SQLException {
        prepareNew(json, Instant.now(), userId);
        type.hooks().beforeWrite(c, schema, List.of(json), java.util.Collections.singletonList(null));
        List<Object> params = rowParams(json);
        addEventParams(params, schema, "CREATED", null, json);
        return new StagedWrite(this, schema, null, json, statements(insertSql, schema), params);
    }

    /** {@link #replace} made ready but not sent (see {@link #stagedInsert}). */
    public StagedWrite stagedReplace(Connection c, String schema, ObjectNode previous, ObjectNode json, UUID userId)
            throws SQLException {
        prepareReplace(previous, json, userId);
        type.hooks().beforeWrite(c, schema, List.of(json), java.util.Collections.singletonList(previous));
        return new StagedWrite(this, schema, previous, json, statements(rawUpdateSql, schema),
                replaceParams(schema, previous, json));
    }

    /** A write's statement and, for a type with events, its outbox insert, each on its own (schema filled). */
    private List<String> statements(String write, String schema) {
        String filled = Sql.filled(write, schema);
        return type.eventTopic() == null ? List.of(filled) : List.of(filled, Sql.filled(Outbox.INSERT, schema));
    }

    /** The type's afterWrite hooks of a staged write, once it was sent. */
    void afterWrite(Connection c, StagedWrite w) throws SQLException {
        type.hooks().afterWrite(c, w.schema(), List.of(w.record()), java.util.Collections.singletonList(w.previous()));
    }

    /** Bind parameters per statement kept well under PostgreSQL's protocol limit (65,535). */
    private static final int MAX_PARAMS = 30_000;

    /**
     * New records (validated and stamped) in multi-row statements, with their CREATED events in the same statements:
     * a data import writes thousands of holdings records and items per chunk, and one statement per row (a JDBC batch
     * of {@code WITH written AS (INSERT …) INSERT INTO outbox …}, which pgjdbc cannot rewrite) cost PostgreSQL an
     * executor start, a CTE and a round trip each.
     */
    private void insertRows(Connection c, String schema, List<ObjectNode> records) throws SQLException {
        int perRow = 4 + type.columns().size() + (type.eventTopic() == null ? 0 : 3);
        int rowsPerStatement = MAX_PARAMS / perRow;
        String insert = insertSql.substring(0, insertSql.indexOf(" VALUES ")).formatted(schema);
        String rowMarks = "(?, ?, ?, ?" + ", ?".repeat(type.columns().size()) + ")";
        for (int from = 0; from < records.size(); from += rowsPerStatement) {
            List<ObjectNode> part = records.subList(from, Math.min(records.size(), from + rowsPerStatement));
            List<Object> params = new ArrayList<>();
            List<Object> events = new ArrayList<>();
            for (ObjectNode r : part) {
                params.addAll(rowParams(r));
                addEventParams(events, schema, "CREATED", null, r);
            }
            String values = String.join(", ", java.util.Collections.nCopies(part.size(), rowMarks));
            String sql = insert + " VALUES " + values;
            if (type.eventTopic() != null) {
                sql = "WITH written AS (" + sql + ") " + Outbox.INSERT.formatted(schema)
                        + ", (?, ?, ?)".repeat(part.size() - 1);
                params.addAll(events);
            }
            Sql.update(c, sql, params);
        }
    }

    /** A new record's id, jsonb, created and updated dates and typed columns, in {@link #insertSql}'s order. */
    private List<Object> rowParams(ObjectNode r) {
        List<Object> params = new ArrayList<>();
        params.add(UUID.fromString(r.get("id").asText()));
        params.add(new Sql.Json(r.toString()));
        params.add(Json.parseInstant(Json.text(r, "metadata.createdDate")));
        params.add(Json.parseInstant(Json.text(r, "metadata.updatedDate")));
        params.addAll(columnValues(r));
        return params;
    }

    /**
     * Inserts {@code records} with ONE multi-row statement that may begin with data-modifying CTEs ({@code with},
     * e.g. {@code WITH gone AS (DELETE … the rows these replace)}, its parameters {@code withParams}), so that
     * "replace these rows" is one round trip. Validated and stamped as {@link #insert}; for types without hooks
     * or events (they would not run).
     */
    public void insertWith(Connection c, String schema, String with, List<Object> withParams, List<ObjectNode> records,
                           UUID userId) throws SQLException {
        if (type.eventTopic() != null || type.hooks() != RecordHooks.NONE)
            throw new IllegalStateException(type.table() + " has hooks or events: use insertAll");
        if (records.isEmpty()) throw new IllegalArgumentException("No records to insert");
        Instant now = Instant.now();
        List<Object> params = new ArrayList<>(withParams);
        StringBuilder values = new StringBuilder();
        for (ObjectNode r : records) {
            validate(r);
            if (!r.hasNonNull("id")) r.put("id", UUID.randomUUID().toString());
            stampMetadata(r, null, now, userId);
            params.add(uuid(r.get("id").asText(), "id"));
            params.add(new Sql.Json(r.toString()));
            params.add(now);
            params.add(now);
            params.addAll(columnValues(r));
            values.append(values.isEmpty() ? "" : ", ").append("(?, ?, ?, ?").append(", ?".repeat(type.columns().size()))
                    .append(')');
        }
        String insert = insertSql.substring(0, insertSql.indexOf(" VALUES ")).formatted(schema);
        Sql.update(c, (with == null ? "" : with + " ") + insert + " VALUES " + values, params);
    }

    /** Replaces a record; 404 when absent, 409 when the client's {@code _version} is stale. */
    public ObjectNode update(Connection c, String schema, UUID id, ObjectNode json, UUID userId) throws SQLException {
        ObjectNode previous = getForUpdate(c, schema, id)
                .orElseThrow(() -> new NotFound(type.table().replace('_', ' ') + " not found: " + id));
        json.put("id", id.toString());
        return replace(c, schema, previous, json, userId);
    }

    /**
     * Writes a new version of a record the caller has already read and locked in this transaction (the hot paths
     * use this to avoid reading the row twice).
     */
    public ObjectNode replace(Connection c, String schema, ObjectNode previous, ObjectNode json, UUID userId)
            throws SQLException {
        StagedWrite w = stagedReplace(c, schema, previous, json, userId);
        Sql.update(c, Sql.filled(updateSql, schema), w.params());
        afterWrite(c, w);
        return json;
    }

    /**
     * {@link #replace} for many records (each already read and locked by the caller) in one JDBC batch: one round
     * trip whatever their number.
     */
    public List<ObjectNode> replaceAll(Connection c, String schema, List<ObjectNode> previous, List<ObjectNode> jsons,
                                       UUID userId) throws SQLException {
        if (jsons.isEmpty()) return jsons;
        for (int i = 0; i < jsons.size(); i++) prepareReplace(previous.get(i), jsons.get(i), userId);
        type.hooks().beforeWrite(c, schema, jsons, previous);
        try (PreparedStatement ps = c.prepareStatement(updateSql.formatted(schema))) {
            for (int i = 0; i < jsons.size(); i++) {
                Sql.bind(ps, replaceParams(schema, previous.get(i), jsons.get(i)));
                ps.addBatch();
            }
            ps.executeBatch();
        }
        type.hooks().afterWrite(c, schema, jsons, previous);
        return jsons;
    }

    /** Keeps the id, validates, checks and bumps {@code _version} (409 when stale) and stamps the metadata. */
    private void prepareReplace(ObjectNode previous, ObjectNode json, UUID userId) {
        UUID id = UUID.fromString(previous.get("id").asText());
        json.put("id", id.toString());
        validate(json);
        if (type.versioned()) {
            int stored = previous.path("_version").asInt(1);
            if (json.hasNonNull("_version") && json.get("_version").asInt() != stored) {
                throw new Conflict("Cannot update record " + id + " because it has been changed (optimistic "
                        + "locking): Stored _version is " + stored + ", _version of request is "
                        + json.get("_version").asInt());
            }
            json.put("_version", stored + 1);
        }
        stampMetadata(json, previous, Instant.now(), userId);
    }

    /** The update statement's parameters, taken after the hooks had their say. */
    private List<Object> replaceParams(String schema, ObjectNode previous, ObjectNode json) {
        List<Object> params = new ArrayList<>();
        params.add(new Sql.Json(json.toString()));
        params.add(Json.parseInstant(Json.text(json, "metadata.updatedDate")));
        params.addAll(columnValues(json));
        params.add(UUID.fromString(json.get("id").asText()));
        addEventParams(params, schema, "UPDATED", previous, json);
        return params;
    }

    public boolean delete(Connection c, String schema, UUID id) throws SQLException {
        Optional<ObjectNode> existing = getForUpdate(c, schema, id);
        if (existing.isEmpty()) return false;
        type.hooks().beforeDelete(c, schema, existing.get());
        // The row is locked (above), so the delete deletes it; its event goes in the same statement, as every write's.
        String delete = "DELETE FROM %1$s." + type.table() + " WHERE id = ?";
        if (type.eventTopic() == null) return Sql.update(c, delete.formatted(schema), List.of(id)) > 0;
        List<Object> params = new ArrayList<>(List.of(id));
        params.addAll(Outbox.params(type.eventTopic(), event("DELETED", existing.get(), null)));
        Sql.update(c, withEvent(delete).formatted(schema), params);
        Outbox.written(schema);
        return true;
    }

    /**
     * When the type publishes events, the write statement also appends its outbox event — one statement, one
     * round trip, and the event exists exactly when the write does (DESIGN.md "Events").
     */
    private String withEvent(String writeSql) {
        if (type.eventTopic() == null) return writeSql;
        return "WITH written AS (" + writeSql + ") " + Outbox.INSERT;
    }

    private void addEventParams(List<Object> params, String schema, String kind, ObjectNode old, ObjectNode now) {
        if (type.eventTopic() == null) return;
        params.addAll(Outbox.params(type.eventTopic(), event(kind, old, now)));
        Outbox.written(schema);
    }

    /**
     * The event payload {type, old, new}; its record is the new version's (or, on delete, the old one's). A new
     * record's {@code new} holds only its id and typed columns — the links and keys consumers route by (an item's
     * holdingsRecordId, a holdings record's instanceId) — and so does every version of a type with
     * {@link RecordType#keyedEvents}: consumers read the record itself from storage, as they must anyway (delivery is
     * at least once, and a later write may have changed it). Other types' updates and deletes carry whole versions,
     * which consumers compare (an item's circulation keys alone changed?). Whole records made the outbox a second copy
     * of every instance, holdings record and item a data import writes — two for an update: written, logged, read
     * back and parsed again (docs/benchmarks.md, issue 14).
     */
    private Outbox.Entry event(String kind, ObjectNode old, ObjectNode now) {
        ObjectNode payload = Json.object();
        payload.put("type", kind);
        if (old != null) payload.set("old", type.keyedEvents() ? routingKeys(old) : old);
        if (now != null) payload.set("new", old == null || type.keyedEvents() ? routingKeys(now) : now);
        return new Outbox.Entry(UUID.fromString((now != null ? now : old).get("id").asText()), payload);
    }

    /** A record's id and typed columns, at their JSON paths. */
    private ObjectNode routingKeys(ObjectNode r) {
        ObjectNode keys = Json.object();
        keys.set("id", r.get("id"));
        for (RecordType.Column col : type.columns()) {
            JsonNode n = Json.at(r, col.jsonPath());
            if (n == null || n.isMissingNode()) continue;
            String[] path = col.path();
            ObjectNode parent = keys;
            for (int i = 0; i < path.length - 1; i++) {
                parent = parent.get(path[i]) instanceof ObjectNode o ? o : parent.putObject(path[i]);
            }
            parent.set(path[path.length - 1], n);
        }
        return keys;
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    private void validate(ObjectNode r) {
        List<Refusal> errors = new ArrayList<>();
        for (String p : type.required()) {
            JsonNode n = Json.at(r, p);
            if (n == null || n.isNull() || (n.isTextual() && n.asText().isEmpty())) errors.add(Refusal.required(p));
        }
        Refused.throwIfAny(errors);
    }

    private static void stampMetadata(ObjectNode r, ObjectNode previous, Instant now, UUID userId) {
        ObjectNode md = r.putObject("metadata");
        String by = userId == null ? null : userId.toString();
        String created = previous == null ? Json.date(now) : Json.text(previous, "metadata.createdDate");
        md.put("createdDate", created == null ? Json.date(now) : created);
        String createdBy = previous == null ? by : Json.text(previous, "metadata.createdByUserId");
        if (createdBy != null) md.put("createdByUserId", createdBy);
        md.put("updatedDate", Json.date(now));
        if (by != null) md.put("updatedByUserId", by);
    }

    private List<Object> columnValues(ObjectNode r) {
        List<Object> values = new ArrayList<>(type.columns().size());
        for (RecordType.Column col : type.columns()) values.add(value(r, col));
        return values;
    }

    private static Object value(ObjectNode r, RecordType.Column col) {
        JsonNode n = Json.at(r, col.jsonPath());
        if (n == null || n.isNull() || n.isMissingNode()) return null;
        FieldType t = col.type();
        return switch (t) {
            // An object or array where FOLIO's schema has a UUID string: RMB cannot map it (400); read as text it
            // was "", i.e. null, and a NOT NULL column made it a 500 (found by FuzzTest: a loan with "itemId": {}).
            case UUID -> {
                if (n.isContainerNode()) throw notA("string", n, col);
                yield n.asText().isEmpty() ? null : uuid(n.asText(), col.jsonPath());
            }
            case INTEGER -> {
                // Not an integer where FOLIO's schema has one (an item's "order": "x"): RMB cannot map it (400).
                if (!(n.isNumber() && n.canConvertToInt()) && !(n.isTextual() && n.asText().matches("-?\\d{1,9}")))
                    throw new InvalidInput("Json content error: " + col.jsonPath() + " must be an integer, not "
                            + n);
                yield n.asInt();
            }
            case NUMBER -> number(n, col);
            case BOOLEAN -> n.asBoolean();
            case DATETIME -> {
                try {
                    yield Json.parseInstant(n.asText());
                } catch (RuntimeException e) {
                    throw Refused.because("Invalid date-time: " + n.asText(), col.jsonPath(), n.asText());
                }
            }
            case KEYWORD, TEXT -> {
                // An object or array where FOLIO's schema has a string: RMB cannot map it and answers 400.
                if (n.isContainerNode()) throw new InvalidInput("Json content error: " + col.jsonPath()
                        + " must be a string, not " + (n.isArray() ? "an array" : "an object"));
                yield withinIndexLimit(n.asText(), col.jsonPath());
            }
            case UUID_ARRAY -> uuids(n, col.jsonPath());
        };
    }

    /** RMB's 400 for a JSON value its POJO cannot take: "Json content error: amount must be a number, not {}". */
    private static InvalidInput notA(String kind, JsonNode n, RecordType.Column col) {
        String what = n.isArray() ? "an array" : n.isObject() ? "an object" : n.toString();
        return new InvalidInput("Json content error: " + col.jsonPath() + " must be a " + kind + ", not "
                + (what.length() > 60 ? what.substring(0, 60) + "…" : what));
    }

    /**
     * A number column's value: a JSON number, or a string holding one (FOLIO clients send amounts as either); at most
     * 1,000 digits before the point (PostgreSQL's numeric refuses more: "1e999999" was a 500).
     */
    private static BigDecimal number(JsonNode n, RecordType.Column col) {
        BigDecimal d;
        try {
            d = n.isNumber() ? n.decimalValue() : n.isTextual() ? new BigDecimal(n.asText().trim()) : null;
        } catch (NumberFormatException e) {
            d = null;
        }
        if (d == null) throw notA("number", n, col);
        if (d.precision() - d.scale() > 1_000 || d.scale() > 1_000) throw notA("number of sensible size", n, col);
        return d;
    }

    /**
     * The most a typed text column may hold, in UTF-8 bytes. These columns are indexed (btree: unique barcodes,
     * lower(title) …), and PostgreSQL refuses a btree index row over about 2,700 bytes (a third of an 8 kB page) with
     * "index row size exceeds maximum": a 500 after the fact. No FOLIO value of these fields (a barcode, a name, a
     * title) comes near it.
     */
    static final int MAX_INDEXED_BYTES = 2000;

    /**
     * A typed text value within {@link #MAX_INDEXED_BYTES}, or a 422 naming the field in the shape of RMB's schema
     * validation ({@code javax.validation.constraints.Size.message}), with the value cut short.
     */
    private static String withinIndexLimit(String value, String property) {
        // Cheap first: a string of at most 500 chars is at most 2,000 UTF-8 bytes.
        if (value.length() <= MAX_INDEXED_BYTES / 4
                || value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= MAX_INDEXED_BYTES) return value;
        throw Refused.because("size must be at most " + MAX_INDEXED_BYTES + " bytes",
                "javax.validation.constraints.Size.message", property, value.substring(0, 40) + "…");
    }

    /** A JSON array of UUID strings as a uuid[] parameter; anything else is the client's error (422). */
    private static UUID[] uuids(JsonNode n, String property) {
        if (!n.isArray()) throw Refused.because("must be an array of UUIDs",
                "javax.validation.constraints.Pattern.message", property, n.toString());
        UUID[] ids = new UUID[n.size()];
        for (int i = 0; i < ids.length; i++) ids[i] = uuid(n.get(i).asText(), property);
        return ids;
    }

    /**
     * A UUID in a record or request, refused as RMB's schema validation refuses it: 422 "must match" naming the
     * property and the value.
     */
    public static UUID uuid(String s, String property) {
        return Ids.parse(s).orElseThrow(() -> new Refused(new Refusal("must match \"^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-"
                + "[1-8][a-fA-F0-9]{3}-[89abAB][a-fA-F0-9]{3}-[a-fA-F0-9]{12}$\"",
                "javax.validation.constraints.Pattern.message", List.of(new Refusal.Parameter(property, s)))));
    }
}
