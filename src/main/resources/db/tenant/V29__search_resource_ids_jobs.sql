-- mod-search's resource-id jobs (POST /search/resources/jobs): the job and, once COMPLETED, the ids it found,
-- so that a job survives a restart (mod-search keeps them in a table and a temporary table of ids).
CREATE TABLE search_resource_ids_job (
    id uuid PRIMARY KEY,
    query text NOT NULL,
    entity_type text NOT NULL,
    status text NOT NULL,
    created_date timestamptz NOT NULL DEFAULT now(),
    ids uuid[]
);
