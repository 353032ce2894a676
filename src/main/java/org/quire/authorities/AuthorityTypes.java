package org.quire.authorities;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;
import org.quire.platform.records.Reference;

/**
 * mod-entities-links' storage records: authorities (authorityDto.yaml: required source and naturalId, {@code _version}
 * for optimistic locking), authority source files (authoritySourceFileDto.yaml: required name, codes, source) and
 * authority note types. Authorities publish {@code authority.authority} events for the search index.
 */
public final class AuthorityTypes {
    private AuthorityTypes() {
    }

    public static final RecordStore SOURCE_FILES = new RecordStore(Reference.named("authority_source_file",
            "authoritySourceFiles")
            .column("source", "source", FieldType.KEYWORD)
            .required("codes", "source")
            .versioned()
            .build());

    public static final RecordStore NOTE_TYPES = new RecordStore(Reference.named("authority_note_type",
            "authorityNoteTypes")
            .column("source", "source", FieldType.KEYWORD)
            .build());

    /**
     * headingType and heading are generated columns over the JSON (V28): the first heading family present, as
     * FOLIO's Authority entity stores them (heading_type, heading) and its CQL queries them.
     */
    public static final RecordStore AUTHORITIES = new RecordStore(RecordType.builder("authority", "authorities")
            .column("natural_id", "naturalId", FieldType.TEXT)
            .column("source", "source", FieldType.KEYWORD)
            .column("source_file_id", "sourceFileId", FieldType.UUID)
            .alias("headingType", "heading_type", FieldType.KEYWORD)
            .alias("heading", "heading", FieldType.TEXT)
            .alias("authoritySourceFile.id", "source_file_id", FieldType.UUID)
            .required("source", "naturalId")
            .keywords("heading")
            .versioned()
            .hooks(new AuthorityHooks())
            .keyedEvents("authority.authority")
            .build());
}
