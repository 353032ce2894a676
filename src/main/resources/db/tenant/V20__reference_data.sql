-- The rest of mod-inventory-storage's reference data (statistical codes and their types, note types, formats,
-- nature-of-content terms, ...) and mod-users' address types. Each is FOLIO's storage record as typed columns + jsonb,
-- with FOLIO's unique indexes and only those (mod-inventory-storage's and mod-users' db_scripts/schema.json; RMB's
-- unique indexes compare lower(f_unaccent(...)), so these compare lower(...)). FOLIO declares none for
-- instance_date_type, and statistical_code_type's is on a "code" property its records do not have.

CREATE TABLE alternative_title_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX alternative_title_type_name_key ON alternative_title_type (lower(name));

CREATE TABLE electronic_access_relationship (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX electronic_access_relationship_name_key ON electronic_access_relationship (lower(name));

CREATE TABLE holdings_note_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX holdings_note_type_name_key ON holdings_note_type (lower(name));

CREATE TABLE ill_policy (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX ill_policy_name_key ON ill_policy (lower(name));

CREATE TABLE instance_date_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text,
    source text
);

CREATE TABLE instance_format (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text NOT NULL,
    source text
);
CREATE UNIQUE INDEX instance_format_name_key ON instance_format (lower(name));
CREATE UNIQUE INDEX instance_format_code_key ON instance_format (lower(code));

CREATE TABLE instance_note_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX instance_note_type_name_key ON instance_note_type (lower(name));

CREATE TABLE instance_relationship_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL
);
CREATE UNIQUE INDEX instance_relationship_type_name_key ON instance_relationship_type (lower(name));

CREATE TABLE item_damaged_status (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX item_damaged_status_name_key ON item_damaged_status (lower(name));

CREATE TABLE item_note_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX item_note_type_name_key ON item_note_type (lower(name));

CREATE TABLE nature_of_content_term (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX nature_of_content_term_name_key ON nature_of_content_term (lower(name));

CREATE TABLE statistical_code_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);

CREATE TABLE statistical_code (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text NOT NULL,
    statistical_code_type_id uuid NOT NULL REFERENCES statistical_code_type (id),
    source text
);
CREATE UNIQUE INDEX statistical_code_code_type_key ON statistical_code (lower(code), statistical_code_type_id);
CREATE UNIQUE INDEX statistical_code_name_key ON statistical_code (lower(name));

CREATE TABLE subject_source (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text,
    source text
);
CREATE UNIQUE INDEX subject_source_name_key ON subject_source (lower(name));
CREATE UNIQUE INDEX subject_source_code_key ON subject_source (lower(code));

CREATE TABLE subject_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX subject_type_name_key ON subject_type (lower(name));

CREATE INDEX statistical_code_type_id_idx ON statistical_code (statistical_code_type_id);

CREATE TABLE addresstype (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    address_type text NOT NULL
);
CREATE UNIQUE INDEX addresstype_address_type_key ON addresstype (lower(address_type));

-- A tenant that already holds FOLIO's reference data (it was created with it: FOLIO's "book" material type or
-- "Can circulate" loan type is there) gets the new reference records too. The files are loaded by Java on start-up
-- (app/ReferenceData.loadPending), the same code that loads a new tenant, and each is listed here once so that a
-- record a library deletes later is not loaded again. A new tenant's schema is empty when this runs: nothing listed.
CREATE TABLE reference_data_pending (
    file text PRIMARY KEY
);
INSERT INTO reference_data_pending (file)
SELECT f.file FROM (VALUES
    ('alternative-title-types'), ('electronic-access-relationships'), ('holdings-note-types'), ('ill-policies'),
    ('instance-date-types'), ('instance-formats'), ('instance-note-types'), ('instance-relationship-types'),
    ('item-damaged-statuses'), ('item-note-types'), ('nature-of-content-terms'), ('statistical-code-types'),
    ('statistical-codes'), ('subject-sources'), ('subject-types'), ('addresstypes')
) AS f (file)
WHERE EXISTS (SELECT 1 FROM material_type WHERE id = '1a54b431-2e4f-452d-9cae-9cee66c9a892')
   OR EXISTS (SELECT 1 FROM loan_type WHERE id = '2b94c631-fca9-4892-a730-03ee529ffe27');
-- FOLIO's reference circulation setting, unless the tenant has set request anonymization itself.
INSERT INTO reference_data_pending (file)
SELECT 'circulation-settings'
WHERE EXISTS (SELECT 1 FROM reference_data_pending)
  AND NOT EXISTS (SELECT 1 FROM circulation_setting WHERE name = 'requestAnonymization');
