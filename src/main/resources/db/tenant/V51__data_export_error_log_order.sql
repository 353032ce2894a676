-- A job's error log in the order it was written. Entries written together (the summary FOLIO writes when a job ends:
-- the invalid ids, the ids not found, the number of failed records) share their created_date, and the id that broke
-- the tie is random; FOLIO lists them as inserted. The sequence keeps that order.
ALTER TABLE data_export_error_log ADD COLUMN seq bigserial;
DROP INDEX data_export_error_log_job_idx;
CREATE INDEX data_export_error_log_job_idx ON data_export_error_log (job_execution_id, created_date, seq);
