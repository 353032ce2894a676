-- Who ran an export job: jobExecution.runBy.userId, as mod-data-export writes it beside the names. FOLIO's Data export
-- app filters its logs by it ("User" filter, from /data-export/related-users) and FOLIO's own UI tests pick their job
-- by it. Jobs written before kept only the names.
ALTER TABLE data_export_job ADD COLUMN run_by_user_id uuid;
CREATE INDEX data_export_job_run_by_idx ON data_export_job (run_by_user_id);
