-- Users, patron groups, proxies, manual blocks, credentials and permissions.
CREATE TABLE patron_group (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    group_name text NOT NULL
);
CREATE UNIQUE INDEX patron_group_group_key ON patron_group (group_name);

CREATE TABLE users (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    username text,
    barcode text,
    active boolean,
    patron_group uuid REFERENCES patron_group (id),
    external_system_id text,
    type text,
    last_name text,
    first_name text,
    email text,
    expiration_date timestamptz
);
CREATE UNIQUE INDEX users_username_key ON users (username);
CREATE UNIQUE INDEX users_barcode_key ON users (barcode);
CREATE INDEX users_external_system_id_idx ON users (external_system_id);
CREATE INDEX users_last_name_idx ON users (lower(last_name) text_pattern_ops);

CREATE TABLE proxy_for (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    user_id uuid NOT NULL REFERENCES users (id),
    proxy_user_id uuid NOT NULL REFERENCES users (id)
);
CREATE INDEX proxy_for_user_id_idx ON proxy_for (user_id);
CREATE INDEX proxy_for_proxy_user_id_idx ON proxy_for (proxy_user_id);

CREATE TABLE manual_block (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    user_id uuid NOT NULL,
    expiration_date timestamptz
);
CREATE INDEX manual_block_user_id_idx ON manual_block (user_id);

CREATE TABLE credentials (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    hash text NOT NULL,
    updated timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE permission_user (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    user_id uuid NOT NULL
);
CREATE UNIQUE INDEX permission_user_user_id_key ON permission_user (user_id);

-- Refresh tokens that are still valid; logout deletes them.
CREATE TABLE refresh_token (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    expires timestamptz NOT NULL
);
