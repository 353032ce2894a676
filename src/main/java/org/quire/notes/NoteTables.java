package org.quire.notes;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

/**
 * mod-notes' records as typed columns + jsonb. The CQL indexes are those of mod-notes' API guide that a column can
 * serve: for notes id, title, domain, content, typeId ({@code type.id}), createdBy, updatedBy and the pop-up flags;
 * for note types id, name, createdBy, updatedBy. {@code links.objectId}, {@code links.objectType} and
 * {@code type.name} are not CQL indexes here: the note-links endpoint serves the link lookups, through an index.
 */
public final class NoteTables {
    private NoteTables() {
    }

    /** The default note type every tenant starts with (V17__notes.sql). */
    public static final String GENERAL_NOTE_TYPE_ID = "2bd9a1a3-6b51-4b4c-9d32-3a5b5d1b7c0e";

    public static final RecordStore NOTE_TYPES = new RecordStore(RecordType.builder("note_type", "noteTypes")
            .column("name", "name", FieldType.TEXT)
            .column("created_by", "metadata.createdByUserId", FieldType.UUID)
            .column("updated_by", "metadata.updatedByUserId", FieldType.UUID)
            .alias("createdBy", "created_by", FieldType.UUID)
            .alias("updatedBy", "updated_by", FieldType.UUID)
            // mod-notes pages note types unsorted (in practice, as stored): oldest first here
            .defaultSort("created_date, id")
            .build());

    public static final RecordStore NOTES = new RecordStore(RecordType.builder("note", "notes")
            .column("title", "title", FieldType.TEXT)
            .column("domain", "domain", FieldType.KEYWORD)
            .column("content", "content", FieldType.TEXT)
            .column("type_id", "typeId", FieldType.UUID)
            .column("pop_up_on_check_out", "popUpOnCheckOut", FieldType.BOOLEAN)
            .column("pop_up_on_user", "popUpOnUser", FieldType.BOOLEAN)
            .column("created_by", "metadata.createdByUserId", FieldType.UUID)
            .column("updated_by", "metadata.updatedByUserId", FieldType.UUID)
            .alias("type.id", "type_id", FieldType.UUID)
            .alias("createdBy", "created_by", FieldType.UUID)
            .alias("updatedBy", "updated_by", FieldType.UUID)
            .defaultSort("created_date, id")
            .build());
}
