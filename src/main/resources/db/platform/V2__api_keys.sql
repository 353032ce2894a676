-- Edge API keys: edge-common's keys, base64url({"s": salt, "t": tenant, "u": username}), issued by an
-- administrator for an institutional user of a tenant. Only a SHA-256 hash of the key's salt, tenant and username
-- is kept, so a copy of this table gives no working key. A revoked key keeps its row (who had it, since when).
CREATE TABLE api_key (
    id         uuid PRIMARY KEY,
    tenant     text NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL,
    username   text NOT NULL,
    key_hash   bytea NOT NULL UNIQUE,
    created    timestamptz NOT NULL DEFAULT now(),
    created_by uuid,
    revoked    timestamptz
);
CREATE INDEX api_key_tenant_idx ON api_key (tenant, created);
