-- Notes (FOLIO's mod-notes): note types, notes, and the links from notes to the records they are about.
-- mod-notes' own schema (changelog v3.0.0, create-new-schema.xml) has type.name unique, note.title varchar(255),
-- note.domain varchar(100) and link (object_id, object_type) varchar(255); the same limits are checked in Java
-- (NoteValidation) so that they answer 422, not a database error.
CREATE TABLE note_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    created_by uuid,
    updated_by uuid,
    -- mod-notes' uc_type_name: exact (case-sensitive) uniqueness
    CONSTRAINT note_type_name_unique UNIQUE (name)
);

CREATE TABLE note (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    title text NOT NULL,
    domain text NOT NULL,
    content text,
    -- No ON DELETE CASCADE (mod-notes 3+ cascades): a note type in use cannot be deleted, so deleting a type never
    -- deletes notes silently.
    type_id uuid NOT NULL REFERENCES note_type (id),
    pop_up_on_check_out boolean,
    pop_up_on_user boolean,
    created_by uuid,
    updated_by uuid,
    -- mod-notes' indexed_content (create-compute-indexed-content-trigger.sql): the title and the content without
    -- its HTML tags; what the note-links "search" parameter matches and what "orderBy=content" sorts by.
    indexed_content text GENERATED ALWAYS AS (coalesce(title, '') || ' ' || regexp_replace(regexp_replace(
        coalesce(content, ''), '<[^>]+>', '', 'g'), '\n+', ' ', 'g')) STORED
);
CREATE INDEX note_type_id_idx ON note (type_id);
CREATE INDEX note_domain_idx ON note (domain);

-- One row per (note, linked record). The note-links lookup by (object type, object id) is a range of the primary
-- key; the note's own links are read through note_link_note_id_idx. The links are also kept in note.jsonb (FOLIO's
-- representation), written together with these rows in the note's transaction.
CREATE TABLE note_link (
    object_type text NOT NULL,
    object_id text NOT NULL,
    note_id uuid NOT NULL REFERENCES note (id) ON DELETE CASCADE,
    PRIMARY KEY (object_type, object_id, note_id)
);
CREATE INDEX note_link_note_id_idx ON note_link (note_id);

-- mod-notes creates a "General note" type when a tenant is enabled with no note type (populate-default-note-type.xml,
-- NoteTypesServiceImpl.populateDefaultType). This runs for new tenants and for tenants created before notes existed.
-- FOLIO's id is random; Quire's is fixed so that scripts and tests can name it.
INSERT INTO note_type (id, jsonb, created_date, updated_date, name)
SELECT '2bd9a1a3-6b51-4b4c-9d32-3a5b5d1b7c0e'::uuid,
       jsonb_build_object('id', '2bd9a1a3-6b51-4b4c-9d32-3a5b5d1b7c0e', 'name', 'General note',
                          'metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC',
                              'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC',
                              'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
       now(), now(), 'General note'
WHERE NOT EXISTS (SELECT 1 FROM note_type);
