-- Instances, holdings and items. Typed columns for what is queried, joined and constrained; FOLIO JSON in jsonb.
CREATE SEQUENCE instance_hrid_seq;
CREATE SEQUENCE holdings_hrid_seq;
CREATE SEQUENCE item_hrid_seq;

CREATE TABLE instance (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    hrid text NOT NULL,
    title text NOT NULL,
    source text NOT NULL,
    instance_type_id uuid NOT NULL REFERENCES instance_type (id)
);
CREATE UNIQUE INDEX instance_hrid_key ON instance (hrid);
CREATE INDEX instance_title_idx ON instance (lower(title) text_pattern_ops);

CREATE TABLE holdings_record (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    hrid text NOT NULL,
    instance_id uuid NOT NULL REFERENCES instance (id),
    permanent_location_id uuid NOT NULL REFERENCES location (id),
    temporary_location_id uuid REFERENCES location (id),
    effective_location_id uuid REFERENCES location (id),
    source_id uuid REFERENCES holdings_source (id),
    call_number text
);
CREATE UNIQUE INDEX holdings_record_hrid_key ON holdings_record (hrid);
CREATE INDEX holdings_record_instance_id_idx ON holdings_record (instance_id);
CREATE INDEX holdings_record_permanent_location_id_idx ON holdings_record (permanent_location_id);

CREATE TABLE item (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    hrid text NOT NULL,
    holdings_record_id uuid NOT NULL REFERENCES holdings_record (id),
    barcode text,
    status_name text NOT NULL,
    material_type_id uuid NOT NULL REFERENCES material_type (id),
    permanent_loan_type_id uuid NOT NULL REFERENCES loan_type (id),
    temporary_loan_type_id uuid REFERENCES loan_type (id),
    permanent_location_id uuid REFERENCES location (id),
    temporary_location_id uuid REFERENCES location (id),
    effective_location_id uuid REFERENCES location (id),
    effective_call_number text
);
CREATE UNIQUE INDEX item_hrid_key ON item (hrid);
CREATE UNIQUE INDEX item_barcode_key ON item (barcode);
CREATE INDEX item_holdings_record_id_idx ON item (holdings_record_id);
CREATE INDEX item_status_name_idx ON item (status_name);
CREATE INDEX item_effective_location_id_idx ON item (effective_location_id);
