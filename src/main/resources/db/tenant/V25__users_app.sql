-- What FOLIO's Users app needs besides users themselves: departments (mod-users), request preferences
-- (mod-circulation-storage), tags (mod-tags) and custom fields (mod-users' folio-custom-fields).

-- mod-users' departments: name and code unique (schema.json uniqueIndex, which RMB makes case-insensitive).
CREATE TABLE department (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text NOT NULL
);
CREATE UNIQUE INDEX department_name_key ON department (lower(name));
CREATE UNIQUE INDEX department_code_key ON department (lower(code));
-- A department's usageNumber and the refusal to delete a department in use both ask "which users name it", as
-- mod-users' departments_view does (users.jsonb -> 'departments' ? id); mod-users keeps this same GIN index.
CREATE INDEX users_departments_idx ON users USING gin ((jsonb -> 'departments'));

-- mod-circulation-storage's user_request_preference: one preference per user.
CREATE TABLE user_request_preference (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    user_id uuid NOT NULL
);
CREATE UNIQUE INDEX user_request_preference_user_id_key ON user_request_preference (user_id);

-- mod-tags: label unique exactly as mod-tags' unq_tags_label (case-sensitive), both texts at most 255 characters.
CREATE TABLE tag (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    label varchar(255) NOT NULL,
    description varchar(255)
);
CREATE UNIQUE INDEX tag_label_key ON tag (label);
-- The two tags mod-tags creates in every tenant (its liquibase changelog MODTAG-52).
INSERT INTO tag (id, jsonb, created_date, updated_date, label, description)
SELECT id, jsonb_strip_nulls(jsonb_build_object('id', id, 'label', label, 'description', description,
        'metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"')))), now(), NULL, label, description
FROM (VALUES (gen_random_uuid(), 'important', NULL), (gen_random_uuid(), 'urgent', 'Requires urgent attention'))
    AS seed (id, label, description);

-- mod-users' custom field definitions (folio-custom-fields' custom_fields table): refId unique, as every user's
-- customFields object is keyed by it; ord is the display order the library keeps dense (1..n).
CREATE TABLE custom_field (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    ref_id text NOT NULL,
    type text NOT NULL,
    entity_type text NOT NULL,
    visible boolean,
    required boolean,
    ord integer NOT NULL
);
CREATE UNIQUE INDEX custom_field_ref_id_key ON custom_field (ref_id);
