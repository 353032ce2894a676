-- Data export (issue 15): mod-data-export's file definitions, job executions, error logs, job profiles and mapping
-- profiles. Each a FOLIO JSON record (jsonb) with the fields its queries use typed.

CREATE TABLE data_export_file_definition (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    job_execution_id uuid
);

-- Job executions: hrId from a sequence (mod-data-export's job_execution_hrId sequence); the PTF script polls
-- "id=<job>" and reads the newest finished job by status.
CREATE SEQUENCE data_export_job_hrid_seq;
CREATE TABLE data_export_job (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    hrid bigint NOT NULL UNIQUE,
    status text NOT NULL,
    job_profile_id uuid,
    started_date timestamptz,
    completed_date timestamptz
);
CREATE INDEX data_export_job_status_idx ON data_export_job (status, completed_date);

-- Error logs: one row per failed record or per failed job (mod-data-export's error_logs).
CREATE TABLE data_export_error_log (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    job_execution_id uuid NOT NULL,
    error_message_code text
);
CREATE INDEX data_export_error_log_job_idx ON data_export_error_log (job_execution_id, created_date);

CREATE TABLE data_export_job_profile (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    mapping_profile_id uuid,
    is_default boolean
);

CREATE TABLE data_export_mapping_profile (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    is_default boolean
);

-- FOLIO's default profiles with FOLIO's ids (mod-data-export src/main/resources/data/job-profiles/default_*.json and
-- data/mapping-profiles/default_*.json).
INSERT INTO data_export_mapping_profile (id, jsonb, created_date, updated_date, name, is_default) VALUES
    ('25d81cbe-9686-11ea-bb37-0242ac130002', '{"id":"25d81cbe-9686-11ea-bb37-0242ac130002","name":"Default instance mapping profile","default":true,"description":"Default mapping profile for the inventory instance record","recordTypes":["INSTANCE"],"outputFormat":"MARC","userInfo":{"firstName":"System","lastName":"Process","userName":"system_process"},"metadata":{"createdDate":"2020-07-28T00:00:00Z","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"system_process","updatedDate":"2020-07-28T00:00:00Z","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"system_process"}}', '2020-07-28T00:00:00Z', '2020-07-28T00:00:00Z', 'Default instance mapping profile', true),
    ('1ef7d0ac-f0a8-42b5-bbbb-c7e249009c13', '{"id":"1ef7d0ac-f0a8-42b5-bbbb-c7e249009c13","name":"Default holdings mapping profile","default":true,"description":"Default mapping profile for MARC for holdings record","recordTypes":["HOLDINGS"],"outputFormat":"MARC","userInfo":{"firstName":"System","lastName":"Process","userName":"system_process"},"metadata":{"createdDate":"2020-07-28T00:00:00Z","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"system_process","updatedDate":"2020-07-28T00:00:00Z","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"system_process"}}', '2020-07-28T00:00:00Z', '2020-07-28T00:00:00Z', 'Default holdings mapping profile', true),
    ('5d636597-a59d-4391-a270-4e79d5ba70e3', '{"id":"5d636597-a59d-4391-a270-4e79d5ba70e3","name":"Default authority mapping profile","default":true,"description":"Default authority profile for MARC for authority record","recordTypes":["AUTHORITY"],"outputFormat":"MARC","userInfo":{"firstName":"System","lastName":"Process","userName":"system_process"},"metadata":{"createdDate":"2020-07-28T00:00:00Z","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"system_process","updatedDate":"2020-07-28T00:00:00Z","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"system_process"}}', '2020-07-28T00:00:00Z', '2020-07-28T00:00:00Z', 'Default authority mapping profile', true);

INSERT INTO data_export_job_profile (id, jsonb, created_date, updated_date, name, mapping_profile_id, is_default) VALUES
    ('6f7f3cd7-9f24-42eb-ae91-91af1cd54d0a', '{"id":"6f7f3cd7-9f24-42eb-ae91-91af1cd54d0a","name":"Default instances export job profile","default":true,"destination":"fileSystem","description":"Default instances export job profile","userInfo":{"firstName":"System","lastName":"Process","userName":"system_process"},"mappingProfileId":"25d81cbe-9686-11ea-bb37-0242ac130002","metadata":{"createdDate":"2020-07-28T00:00:00Z","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"system_process","updatedDate":"2020-07-28T00:00:00Z","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"system_process"}}', '2020-07-28T00:00:00Z', '2020-07-28T00:00:00Z', 'Default instances export job profile', '25d81cbe-9686-11ea-bb37-0242ac130002', true),
    ('5e9835fc-0e51-44c8-8a47-f7b8fce35da7', '{"id":"5e9835fc-0e51-44c8-8a47-f7b8fce35da7","name":"Default holdings export job profile","default":true,"destination":"fileSystem","description":"Default holdings job profile","userInfo":{"firstName":"System","lastName":"Process","userName":"system_process"},"mappingProfileId":"1ef7d0ac-f0a8-42b5-bbbb-c7e249009c13","metadata":{"createdDate":"2020-07-28T00:00:00Z","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"system_process","updatedDate":"2020-07-28T00:00:00Z","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"system_process"}}', '2020-07-28T00:00:00Z', '2020-07-28T00:00:00Z', 'Default holdings export job profile', '1ef7d0ac-f0a8-42b5-bbbb-c7e249009c13', true),
    ('56944b1c-f3f9-475b-bed0-7387c33620ce', '{"id":"56944b1c-f3f9-475b-bed0-7387c33620ce","name":"Default authority export job profile","default":true,"destination":"fileSystem","description":"Default authority job profile","userInfo":{"firstName":"System","lastName":"Process","userName":"system_process"},"mappingProfileId":"5d636597-a59d-4391-a270-4e79d5ba70e3","metadata":{"createdDate":"2020-07-28T00:00:00Z","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"system_process","updatedDate":"2020-07-28T00:00:00Z","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"system_process"}}', '2020-07-28T00:00:00Z', '2020-07-28T00:00:00Z', 'Default authority export job profile', '5d636597-a59d-4391-a270-4e79d5ba70e3', true);
