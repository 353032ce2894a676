-- The storage representation of the circulation rules (mod-circulation-storage circulation-rules.json): the id a
-- client gave or Quire made, and metadata. rules_as_text stays the one source of the text check-out uses.
ALTER TABLE circulation_rules ADD COLUMN record jsonb NOT NULL DEFAULT '{}'::jsonb;
