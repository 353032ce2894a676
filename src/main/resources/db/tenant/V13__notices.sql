-- Patron notices: mod-template-engine's templates and mod-circulation-storage's scheduled notices. A scheduled notice
-- is also Quire's outbox for notices that are due at once (check-out, check-in, request notices): the patron-notices
-- job claims due rows by next_run_time, sends them and deletes (or advances) them in one transaction.
CREATE TABLE template (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text,
    active boolean,
    category text
);
CREATE INDEX template_category_idx ON template (category);

CREATE TABLE scheduled_notice (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    loan_id uuid,
    request_id uuid,
    fee_fine_action_id uuid,
    recipient_user_id uuid,
    next_run_time timestamptz NOT NULL,
    triggering_event text
);
-- The job's claim: due rows in time order.
CREATE INDEX scheduled_notice_next_run_time_idx ON scheduled_notice (next_run_time);
-- Check-in, renewal and request cancellation replace or drop the notices of one loan or request.
CREATE INDEX scheduled_notice_loan_id_idx ON scheduled_notice (loan_id) WHERE loan_id IS NOT NULL;
CREATE INDEX scheduled_notice_request_id_idx ON scheduled_notice (request_id) WHERE request_id IS NOT NULL;
CREATE INDEX scheduled_notice_recipient_user_id_idx ON scheduled_notice (recipient_user_id);
