-- Fees and fines (FOLIO's mod-feesfines): owners, fee/fine types, the patron's accounts (fees/fines charged) and
-- the actions on them (charge, pay, waive, transfer, refund, cancel), plus the owners' lists of payment methods,
-- waive reasons, refund reasons and transfer accounts. Typed columns for what FOLIO's screens query.
CREATE TABLE owner (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    owner text NOT NULL
);
CREATE UNIQUE INDEX owner_owner_key ON owner (lower(owner));
-- Overdue fines are charged by the owner serving the item's location's primary service point; a GIN index answers
-- "which owner lists this service point" without a scan.
CREATE INDEX owner_service_points_idx ON owner USING gin ((jsonb -> 'servicePointOwner') jsonb_path_ops);

CREATE TABLE feefine (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    fee_fine_type text NOT NULL,
    owner_id uuid,
    automatic boolean
);
CREATE INDEX feefine_owner_id_idx ON feefine (owner_id);

-- FOLIO seeds the automatic fee/fine types in every tenant schema with fixed ids (populate-feefines.sql); so do we.
INSERT INTO feefine (id, jsonb, fee_fine_type, automatic)
SELECT f.id::uuid, jsonb_build_object('id', f.id, 'feeFineType', f.name, 'automatic', true), f.name, true
FROM (VALUES
    ('9523cb96-e752-40c2-89da-60f3961a488d', 'Overdue fine'),
    ('cf238f9f-7018-47b7-b815-bb2db798e19f', 'Lost item fee'),
    ('c7dede15-aa48-45ed-860b-f996540180e0', 'Lost item processing fee'),
    ('d20df2fb-45fd-4184-b238-0d25747ffdd9', 'Replacement processing fee')
) AS f (id, name)
ON CONFLICT (id) DO NOTHING;

CREATE TABLE account (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    user_id uuid NOT NULL,
    item_id uuid,
    loan_id uuid,
    status_name text,
    payment_status_name text,
    fee_fine_id uuid,
    owner_id uuid,
    fee_fine_type text
);
-- The check-in/check-out screens: (userId==U and status.name<>Closed), (userId==U and itemId==I) and status...,
-- loanId==L.
CREATE INDEX account_user_id_status_idx ON account (user_id, status_name);
CREATE INDEX account_item_id_idx ON account (item_id);
CREATE INDEX account_loan_id_idx ON account (loan_id);

CREATE TABLE feefineaction (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    account_id uuid,
    user_id uuid,
    type_action text,
    date_action timestamptz
);
CREATE INDEX feefineaction_account_id_idx ON feefineaction (account_id);
CREATE INDEX feefineaction_user_id_idx ON feefineaction (user_id);

CREATE TABLE payment_method (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name_method text NOT NULL,
    owner_id uuid
);
CREATE INDEX payment_method_owner_id_idx ON payment_method (owner_id);

CREATE TABLE waive_reason (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name_reason text NOT NULL,
    account_id uuid
);

CREATE TABLE refund_reason (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name_reason text NOT NULL,
    account_id uuid
);

CREATE TABLE transfer_account (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    account_name text NOT NULL,
    owner_id uuid
);
CREATE INDEX transfer_account_owner_id_idx ON transfer_account (owner_id);

CREATE TABLE comment_requirement (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz
);
