-- Uniqueness only where FOLIO has it (its storage modules' schema.json "uniqueIndex" and their Java checks).
-- mod-feesfines: the "owners" table has no unique index and OwnersAPI checks nothing: two fee/fine owners may share
-- a name.
DROP INDEX IF EXISTS owner_owner_key;
CREATE INDEX owner_owner_idx ON owner (lower(owner));
-- mod-circulation-storage: "loan_policy" has no unique index (request, notice policies and fixed due date schedules
-- do, and keep theirs).
DROP INDEX IF EXISTS loan_policy_name_key;
CREATE INDEX loan_policy_name_idx ON loan_policy (name);
-- mod-patron-blocks: "patron_block_limits" has only a foreign key to its condition, and PatronBlockLimitsAPI checks
-- the value's range only. The plain index keeps serving the patron lookup's "limits of the patron's group".
DROP INDEX IF EXISTS patron_block_limit_group_condition_key;
CREATE INDEX patron_block_limit_group_condition_idx ON patron_block_limit (patron_group_id, condition_id);
