-- Events appended in the writing transaction and delivered after commit (DESIGN.md "Events").
CREATE TABLE outbox (
    id bigserial PRIMARY KEY,
    topic text NOT NULL,
    record_id uuid NOT NULL,
    payload jsonb NOT NULL,
    created timestamptz NOT NULL DEFAULT now()
);
