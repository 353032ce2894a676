package org.quire.dataimport.profiles;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

import java.util.EnumMap;
import java.util.Map;

/**
 * mod-di-converter-storage's four profile tables (V34). The CQL indexes are those the Data import settings pages
 * query and sort on: name, description, the kind's type fields, and "updated by" ({@code userInfo.firstName},
 * {@code userInfo.lastName}, {@code userInfo.userName}), {@code tags.tagList}, the action list's {@code mapping} and the
 * match list's {@code field}-like searches; {@code metadata.updatedDate} comes with every record type.
 */
final class ProfileTables {
    private ProfileTables() {
    }

    static final Map<ProfileType, RecordStore> STORES = new EnumMap<>(Map.of(
            ProfileType.JOB_PROFILE, store("di_job_profile", ProfileType.JOB_PROFILE)
                    .column("data_type", "dataType", FieldType.KEYWORD).build(),
            ProfileType.MATCH_PROFILE, store("di_match_profile", ProfileType.MATCH_PROFILE)
                    .column("incoming_record_type", "incomingRecordType", FieldType.KEYWORD)
                    .column("existing_record_type", "existingRecordType", FieldType.KEYWORD)
                    // FOLIO derives these from the match details; here they search the details' text
                    .alias("field", "match_fields", FieldType.TEXT)
                    .alias("fieldMarc", "match_fields", FieldType.TEXT)
                    .alias("fieldNonMarc", "match_fields", FieldType.TEXT)
                    .alias("existingStaticValueType", "match_fields", FieldType.TEXT).build(),
            ProfileType.ACTION_PROFILE, store("di_action_profile", ProfileType.ACTION_PROFILE)
                    .column("action", "action", FieldType.KEYWORD)
                    .column("folio_record", "folioRecord", FieldType.KEYWORD)
                    .alias("mapping", "mapping_name", FieldType.TEXT).build(),
            ProfileType.MAPPING_PROFILE, store("di_mapping_profile", ProfileType.MAPPING_PROFILE)
                    .column("incoming_record_type", "incomingRecordType", FieldType.KEYWORD)
                    .column("existing_record_type", "existingRecordType", FieldType.KEYWORD).build()));

    static RecordStore of(ProfileType t) {
        return STORES.get(t);
    }

    /** The builder for one kind, ready for its own columns; {@code build()} gives the store. */
    private static Builder store(String table, ProfileType t) {
        return new Builder(RecordType.builder(table, t.collection)
                .column("name", "name", FieldType.TEXT)
                .column("description", "description", FieldType.TEXT)
                .column("user_first_name", "userInfo.firstName", FieldType.TEXT)
                .column("user_last_name", "userInfo.lastName", FieldType.TEXT)
                .column("hidden", "hidden", FieldType.BOOLEAN)
                // generated columns (V34): written by PostgreSQL, so CQL names only
                .alias("tags.tagList", "tags_text", FieldType.TEXT)
                .alias("userInfo.userName", "user_name", FieldType.TEXT)
                .defaultSort("lower(name), id"));
    }

    private record Builder(RecordType.Builder b) {
        Builder column(String column, String jsonPath, FieldType type) {
            b.column(column, jsonPath, type);
            return this;
        }

        Builder alias(String cqlName, String column, FieldType type) {
            b.alias(cqlName, column, type);
            return this;
        }

        RecordStore build() {
            return new RecordStore(b.build());
        }
    }
}
