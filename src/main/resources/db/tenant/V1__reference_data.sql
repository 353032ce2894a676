-- FOLIO's reference record types: typed name (unique, as FOLIO enforces) plus the full JSON.

CREATE TABLE material_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL
);
CREATE UNIQUE INDEX material_type_name_key ON material_type (name);

CREATE TABLE loan_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL
);
CREATE UNIQUE INDEX loan_type_name_key ON loan_type (name);

CREATE TABLE instance_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text,
    source text
);
CREATE UNIQUE INDEX instance_type_name_key ON instance_type (name);

CREATE TABLE holdings_source (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX holdings_source_name_key ON holdings_source (name);

CREATE TABLE identifier_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX identifier_type_name_key ON identifier_type (name);

CREATE TABLE contributor_name_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL
);
CREATE UNIQUE INDEX contributor_name_type_name_key ON contributor_name_type (name);

CREATE TABLE contributor_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text,
    source text
);
CREATE UNIQUE INDEX contributor_type_name_key ON contributor_type (name);

CREATE TABLE call_number_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX call_number_type_name_key ON call_number_type (name);

CREATE TABLE classification_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX classification_type_name_key ON classification_type (name);

CREATE TABLE holdings_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX holdings_type_name_key ON holdings_type (name);

CREATE TABLE instance_status (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text,
    source text
);
CREATE UNIQUE INDEX instance_status_name_key ON instance_status (name);

CREATE TABLE mode_of_issuance (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX mode_of_issuance_name_key ON mode_of_issuance (name);

CREATE TABLE cancellation_reason (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL
);
CREATE UNIQUE INDEX cancellation_reason_name_key ON cancellation_reason (name);

CREATE TABLE staff_slip (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    active boolean
);
CREATE UNIQUE INDEX staff_slip_name_key ON staff_slip (name);

CREATE TABLE loan_policy (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    loanable boolean,
    renewable boolean
);
CREATE UNIQUE INDEX loan_policy_name_key ON loan_policy (name);

CREATE TABLE request_policy (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL
);
CREATE UNIQUE INDEX request_policy_name_key ON request_policy (name);

CREATE TABLE notice_policy (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    active boolean
);
CREATE UNIQUE INDEX notice_policy_name_key ON notice_policy (name);

CREATE TABLE overdue_fine_policy (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL
);
CREATE UNIQUE INDEX overdue_fine_policy_name_key ON overdue_fine_policy (name);

CREATE TABLE lost_item_policy (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL
);
CREATE UNIQUE INDEX lost_item_policy_name_key ON lost_item_policy (name);

CREATE TABLE fixed_due_date_schedule (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL
);
CREATE UNIQUE INDEX fixed_due_date_schedule_name_key ON fixed_due_date_schedule (name);

CREATE TABLE institution (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text
);
CREATE UNIQUE INDEX institution_name_key ON institution (name);

CREATE TABLE service_point (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    code text,
    pickup_location boolean
);
CREATE UNIQUE INDEX service_point_name_key ON service_point (name);
