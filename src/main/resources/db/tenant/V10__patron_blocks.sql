-- Automated patron blocks (FOLIO's mod-patron-blocks): the six fixed conditions and the per-patron-group limits.
-- Blocks themselves are not stored: they are computed from loans and items in the transaction they guard
-- (see circulation/blocks/AutomatedBlocks.java), so there is no user summary to lag behind.
CREATE TABLE patron_block_condition (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    block_borrowing boolean NOT NULL DEFAULT false,
    block_renewals boolean NOT NULL DEFAULT false,
    block_requests boolean NOT NULL DEFAULT false
);

-- FOLIO seeds these in every tenant's schema (populate-patron-block-conditions.sql), reference data or not; so do we.
INSERT INTO patron_block_condition (id, jsonb, name)
SELECT c.id::uuid, jsonb_build_object('id', c.id, 'name', c.name, 'blockBorrowing', false, 'blockRenewals', false,
       'blockRequests', false, 'valueType', c.value_type, 'message', ''), c.name
FROM (VALUES
    ('3d7c52dc-c732-4223-8bf8-e5917801386f', 'Maximum number of items charged out', 'Integer'),
    ('72b67965-5b73-4840-bc0b-be8f3f6e047e', 'Maximum number of lost items', 'Integer'),
    ('584fbd4f-6a34-4730-a6ca-73a6a6a9d845', 'Maximum number of overdue items', 'Integer'),
    ('e5b45031-a202-4abb-917b-e1df9346fe2c', 'Maximum number of overdue recalls', 'Integer'),
    ('08530ac4-07f2-48e6-9dda-a97bc2bf7053', 'Recall overdue by maximum number of days', 'Integer'),
    ('cf7a0d5f-a327-4ca1-aa9e-dc55ec006b8a', 'Maximum outstanding fee/fine balance', 'Double')
) AS c (id, name, value_type)
ON CONFLICT (id) DO NOTHING;

CREATE TABLE patron_block_limit (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    -- A group's limits mean nothing once the group is gone.
    patron_group_id uuid NOT NULL REFERENCES patron_group (id) ON DELETE CASCADE,
    condition_id uuid NOT NULL REFERENCES patron_block_condition (id),
    value numeric NOT NULL
);
-- One limit per group and condition: two would contradict each other. Also the index of the patron lookup's
-- "limits of the patron's group" subquery (users/PatronView.java).
CREATE UNIQUE INDEX patron_block_limit_group_condition_key ON patron_block_limit (patron_group_id, condition_id);
CREATE INDEX patron_block_limit_condition_id_idx ON patron_block_limit (condition_id);
