-- mod-source-record-manager's mapping rules per tenant (GET|PUT /mapping-rules/{type}): a row only for a type the
-- tenant edited; without one the default rules (src/main/resources/mapping-rules) apply, and restore deletes the row.
-- Kept as the text the client sent, so GET answers exactly what was PUT.
CREATE TABLE mapping_rules (
    record_type text PRIMARY KEY CHECK (record_type IN ('marc-bib', 'marc-holdings', 'marc-authority')),
    rules text NOT NULL,
    updated_date timestamptz NOT NULL DEFAULT now()
);
