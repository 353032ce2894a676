-- Stored key/values: FOLIO's /configurations/entries (module, configName, code) and /settings/entries (scope, key).
CREATE TABLE config_entry (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    module text NOT NULL,
    config_name text NOT NULL,
    code text,
    enabled boolean
);
CREATE INDEX config_entry_module_idx ON config_entry (module, config_name);

CREATE TABLE setting_entry (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    scope text NOT NULL,
    key text NOT NULL
);
CREATE UNIQUE INDEX setting_entry_scope_key ON setting_entry (scope, key);
