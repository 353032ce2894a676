-- Source Record Storage (mod-source-record-storage's records_lb, raw_records_lb, marc_records_lb, error_records_lb
-- and snapshots_lb, folded into one row per record generation). Every column that FOLIO's SRS filters, joins or
-- sorts on is typed; the MARC itself is kept as FOLIO serves it: raw ISO 2709 text and MARC-in-JSON (jsonb).

CREATE TABLE srs_snapshot (
    id uuid PRIMARY KEY,                          -- jobExecutionId
    status text NOT NULL,
    processing_started_date timestamptz,
    created_by uuid,
    created_date timestamptz NOT NULL,
    updated_by uuid,
    updated_date timestamptz NOT NULL
);

CREATE TABLE srs_record (
    id uuid PRIMARY KEY,
    matched_id uuid NOT NULL,                     -- the same across generations of one record
    snapshot_id uuid NOT NULL REFERENCES srs_snapshot (id),
    generation integer NOT NULL DEFAULT 0 CHECK (generation >= 0),
    record_type text NOT NULL CHECK (record_type IN ('MARC_BIB', 'MARC_AUTHORITY', 'MARC_HOLDING', 'EDIFACT')),
    state text NOT NULL CHECK (state IN ('ACTUAL', 'OLD', 'DRAFT', 'DELETED')),
    raw_content text,
    parsed_content jsonb,
    error_description text,
    error_content text,
    instance_id uuid,
    instance_hrid text,
    holdings_id uuid,
    holdings_hrid text,
    authority_id uuid,
    authority_hrid text,
    suppress_discovery boolean NOT NULL DEFAULT false,
    leader_record_status char(1),
    "order" integer,
    created_by uuid,
    created_date timestamptz NOT NULL,
    updated_by uuid,
    updated_date timestamptz NOT NULL
);

-- One generation number per record; at most one ACTUAL generation (SRS's records_lb unique index on matched_id,
-- generation and its "one actual record" rule), so a concurrent second "new generation" fails instead of forking.
CREATE UNIQUE INDEX srs_record_matched_generation_idx ON srs_record (matched_id, generation);
CREATE UNIQUE INDEX srs_record_matched_actual_idx ON srs_record (matched_id) WHERE state = 'ACTUAL';
-- The instance view's /formatted?idType=INSTANCE and every external-id lookup are one index scan.
CREATE INDEX srs_record_instance_id_idx ON srs_record (instance_id, generation DESC) WHERE instance_id IS NOT NULL;
CREATE INDEX srs_record_instance_hrid_idx ON srs_record (instance_hrid) WHERE instance_hrid IS NOT NULL;
CREATE INDEX srs_record_holdings_id_idx ON srs_record (holdings_id, generation DESC) WHERE holdings_id IS NOT NULL;
CREATE INDEX srs_record_holdings_hrid_idx ON srs_record (holdings_hrid) WHERE holdings_hrid IS NOT NULL;
CREATE INDEX srs_record_authority_id_idx ON srs_record (authority_id, generation DESC) WHERE authority_id IS NOT NULL;
CREATE INDEX srs_record_authority_hrid_idx ON srs_record (authority_hrid) WHERE authority_hrid IS NOT NULL;
CREATE INDEX srs_record_snapshot_idx ON srs_record (snapshot_id, "order");
-- source-records' default listing (MARC_BIB, ACTUAL, in id order) and its updatedAfter/Before filters.
CREATE INDEX srs_record_type_state_idx ON srs_record (record_type, state, id);
CREATE INDEX srs_record_updated_idx ON srs_record (updated_date);
