-- The tenant registry. Each tenant's data lives in its own schema, tenant_<id>.
CREATE TABLE tenant (
    id          text PRIMARY KEY,
    name        text NOT NULL,
    description text,
    created     timestamptz NOT NULL DEFAULT now()
);
