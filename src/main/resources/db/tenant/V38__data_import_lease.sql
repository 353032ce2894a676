-- Crash recovery of data-import jobs (issue 14 "Robust"): the Quire process running a job holds a lease on it,
-- renewed with every chunk and by a heartbeat; a PARSING_IN_PROGRESS job whose lease has expired (its process died)
-- is taken over by another process, or by the same data directory's next start, and resumes after its last
-- committed chunk.
ALTER TABLE job_execution ADD COLUMN lease_owner uuid, ADD COLUMN lease_expires timestamptz;
CREATE INDEX job_execution_lease_idx ON job_execution (lease_expires) WHERE status = 'PARSING_IN_PROGRESS';
