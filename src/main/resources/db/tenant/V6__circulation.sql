-- Loans, check-ins and the tenant's circulation rules.
CREATE TABLE loan (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    user_id uuid,
    proxy_user_id uuid,
    item_id uuid NOT NULL,
    status_name text NOT NULL,
    action text,
    loan_date timestamptz NOT NULL,
    due_date timestamptz,
    return_date timestamptz,
    loan_policy_id uuid,
    item_effective_location_id_at_check_out uuid,
    checkout_service_point_id uuid,
    checkin_service_point_id uuid,
    renewal_count integer
);
-- At most one open loan per item, under any concurrency (DESIGN.md "Data").
CREATE UNIQUE INDEX loan_one_open_per_item ON loan (item_id) WHERE status_name = 'Open';
CREATE INDEX loan_item_id_idx ON loan (item_id);
CREATE INDEX loan_user_id_status_idx ON loan (user_id, status_name);
CREATE INDEX loan_due_date_open_idx ON loan (due_date) WHERE status_name = 'Open';

CREATE TABLE check_in (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    item_id uuid NOT NULL,
    occurred_date_time timestamptz NOT NULL,
    service_point_id uuid NOT NULL
);
CREATE INDEX check_in_item_id_idx ON check_in (item_id);

CREATE TABLE circulation_rules (
    id integer PRIMARY KEY CHECK (id = 1),
    rules_as_text text NOT NULL,
    updated timestamptz NOT NULL DEFAULT now()
);
