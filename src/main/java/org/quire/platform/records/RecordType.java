package org.quire.platform.records;

import org.quire.platform.cql.CqlField;
import org.quire.platform.cql.CqlFields;
import org.quire.platform.cql.FieldType;

import java.util.ArrayList;
import java.util.List;

/**
 * One kind of FOLIO record stored as a row: typed columns for every field that is queried, joined, constrained or
 * sorted on, plus the full JSON in {@code jsonb}. The same declaration drives inserts (typed columns are written
 * from the JSON in the same statement), CQL translation and the HTTP collection shape.
 *
 * @param table          table name inside the tenant schema
 * @param collectionKey  the JSON array name in collection responses, e.g. {@code items}
 * @param columns        typed columns (besides {@code id}), each named by its JSON path, which is also its CQL index
 * @param required       JSON properties that must be present (422 otherwise)
 * @param versioned      FOLIO optimistic locking with {@code _version} (409 on a stale write)
 * @param hooks          record-specific derived fields and side effects, run inside the write transaction
 * @param eventTopic     when set, every write appends an outbox event of this topic in the same transaction
 * @param keyedEvents    every version in the events is the record's id and typed columns only (the consumers route
 *                       by them and compare nothing); otherwise an update's and a delete's versions are whole records
 */
public record RecordType(String table, String collectionKey, List<Column> columns, List<String> required,
                         boolean versioned, RecordHooks hooks, CqlFields cqlFields, String defaultSort,
                         String eventTopic, boolean keyedEvents) {

    /** A typed column: SQL name, the JSON path it is extracted from (and queried by), and its type. */
    public record Column(String column, String jsonPath, FieldType type) {
        String[] path() {
            return jsonPath.split("\\.");
        }
    }

    public static Builder builder(String table, String collectionKey) {
        return new Builder(table, collectionKey);
    }

    public static final class Builder {
        private final String table;
        private final String collectionKey;
        private final List<Column> columns = new ArrayList<>();
        private final List<String> required = new ArrayList<>();
        private final List<CqlField> extraCql = new ArrayList<>();
        private final List<String> defaults = new ArrayList<>();
        private boolean versioned;
        private RecordHooks hooks = RecordHooks.NONE;
        private String defaultSort = "id";
        private String eventTopic;
        private boolean keyedEvents;

        private Builder(String table, String collectionKey) {
            this.table = table;
            this.collectionKey = collectionKey;
        }

        public Builder column(String column, String jsonPath, FieldType type) {
            columns.add(new Column(column, jsonPath, type));
            return this;
        }

        /** Another CQL name for an existing column (FOLIO clients use several spellings). */
        public Builder alias(String cqlName, String column, FieldType type) {
            extraCql.add(new CqlField(cqlName, column, type));
            return this;
        }

        public Builder required(String... props) {
            required.addAll(List.of(props));
            return this;
        }

        public Builder versioned() {
            versioned = true;
            return this;
        }

        public Builder hooks(RecordHooks h) {
            hooks = h;
            return this;
        }

        /** Fields searched by a CQL term without an index. */
        public Builder keywords(String... cqlNames) {
            defaults.addAll(List.of(cqlNames));
            return this;
        }

        /** Events whose updates and deletes carry whole versions: a consumer compares them. */
        public Builder events(String topic) {
            eventTopic = topic;
            return this;
        }

        /** Events whose consumers only route by the record's id and links: every version is its typed columns. */
        public Builder keyedEvents(String topic) {
            eventTopic = topic;
            keyedEvents = true;
            return this;
        }

        public Builder defaultSort(String sql) {
            defaultSort = sql;
            return this;
        }

        public RecordType build() {
            List<CqlField> cql = new ArrayList<>();
            cql.add(new CqlField("id", "id", FieldType.UUID));
            cql.add(new CqlField("metadata.createdDate", "created_date", FieldType.DATETIME));
            cql.add(new CqlField("metadata.updatedDate", "updated_date", FieldType.DATETIME));
            for (Column col : columns) cql.add(new CqlField(col.jsonPath(), col.column(), col.type()));
            cql.addAll(extraCql);
            // an undeclared sort key sorts by the record's JSON, as RMB's storage modules do
            CqlFields fields = CqlFields.of(cql.toArray(CqlField[]::new)).withJsonSort("jsonb");
            if (!defaults.isEmpty()) fields = fields.withDefaults(defaults.toArray(String[]::new));
            return new RecordType(table, collectionKey, List.copyOf(columns), List.copyOf(required), versioned, hooks,
                    fields, defaultSort, eventTopic, keyedEvents);
        }
    }
}
