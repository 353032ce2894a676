-- Location hierarchy: institution -> campus -> library -> location, and the service points that serve locations.
CREATE TABLE campus (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text,
    institution_id uuid NOT NULL REFERENCES institution (id)
);
CREATE UNIQUE INDEX campus_name_key ON campus (name);
CREATE INDEX campus_institution_id_idx ON campus (institution_id);

CREATE TABLE library (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text,
    campus_id uuid NOT NULL REFERENCES campus (id)
);
CREATE UNIQUE INDEX library_name_key ON library (name);
CREATE INDEX library_campus_id_idx ON library (campus_id);

CREATE TABLE location (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text NOT NULL,
    is_active boolean,
    institution_id uuid NOT NULL REFERENCES institution (id),
    campus_id uuid NOT NULL REFERENCES campus (id),
    library_id uuid NOT NULL REFERENCES library (id),
    primary_service_point uuid -- FOLIO does not constrain it (its sample data names a missing one)
);
CREATE UNIQUE INDEX location_name_key ON location (name);
CREATE UNIQUE INDEX location_code_key ON location (code);
CREATE INDEX location_library_id_idx ON location (library_id);
