-- mod-settings' entries may belong to a user (userId): a scope and key are unique among the global entries and,
-- separately, per user, as mod-settings' two partial unique indexes (settings_scope_key_global / _users).
ALTER TABLE setting_entry ADD COLUMN IF NOT EXISTS user_id uuid;
UPDATE setting_entry SET user_id = (jsonb->>'userId')::uuid
 WHERE jsonb->>'userId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
DROP INDEX IF EXISTS setting_entry_scope_key;
CREATE UNIQUE INDEX IF NOT EXISTS setting_entry_scope_key_global ON setting_entry (scope, key) WHERE user_id IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS setting_entry_scope_key_user ON setting_entry (scope, key, user_id)
    WHERE user_id IS NOT NULL;
