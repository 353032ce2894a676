-- Data import (issue 14): mod-data-import's upload definitions and file extensions, mod-source-record-manager's job
-- executions and their journal (the job log the pipeline fills, one entry per record).

-- Upload definitions: FOLIO's uploadDefinition JSON (its fileDefinitions inside, as mod-data-import stores them) with
-- the status and creation date typed for the UI's query "status==(NEW OR IN_PROGRESS OR LOADED) sortBy createdDate".
CREATE TABLE upload_definition (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    status text NOT NULL,
    meta_job_execution_id uuid,
    created_by_user_id uuid
);
CREATE INDEX upload_definition_status_idx ON upload_definition (status, created_date);

-- File extensions (mod-data-import's file_extensions) and the defaults a restore copies back
-- (default_file_extensions, as mod-data-import's defaultFileExtensions.sql after its later scripts: .csv, .tsv and .txt
-- removed, MARC extensions with dataTypes ["MARC"]).
CREATE TABLE file_extension (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    extension text NOT NULL,
    import_blocked boolean NOT NULL
);
CREATE UNIQUE INDEX file_extension_extension_key ON file_extension (lower(extension));

CREATE TABLE default_file_extension (
    id uuid PRIMARY KEY,
    extension text NOT NULL,
    import_blocked boolean NOT NULL,
    jsonb jsonb NOT NULL
);
INSERT INTO default_file_extension (id, extension, import_blocked, jsonb) VALUES
    ('5cf7a0e5-f359-43f5-8c96-e5df74131183', '.dat', false, '{"id":"5cf7a0e5-f359-43f5-8c96-e5df74131183","extension":".dat","description":"","dataTypes":["MARC"],"importBlocked":false,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('ebb05fe7-45d5-4eab-80cd-587bda42c7ca', '.edi', false, '{"id":"ebb05fe7-45d5-4eab-80cd-587bda42c7ca","extension":".edi","description":"","dataTypes":["EDIFACT"],"importBlocked":false,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('8d3a66b7-3a88-4f59-9d83-a50b020ac60a', '.gif', true, '{"id":"8d3a66b7-3a88-4f59-9d83-a50b020ac60a","extension":".gif","description":"","dataTypes":[],"importBlocked":true,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('f340c632-a8b0-4d07-9c2f-b913e82d23d5', '.inv', false, '{"id":"f340c632-a8b0-4d07-9c2f-b913e82d23d5","extension":".inv","description":"","dataTypes":["EDIFACT"],"importBlocked":false,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('e6747033-7a8f-45a8-beba-21468dd554c7', '.jpg', true, '{"id":"e6747033-7a8f-45a8-beba-21468dd554c7","extension":".jpg","description":"","dataTypes":[],"importBlocked":true,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('1df36889-4d3a-482e-a8c8-9c67b8245feb', '.marc', false, '{"id":"1df36889-4d3a-482e-a8c8-9c67b8245feb","extension":".marc","description":"","dataTypes":["MARC"],"importBlocked":false,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('f445092c-94b8-408a-a9f1-5edd8b5919c9', '.mrc', false, '{"id":"f445092c-94b8-408a-a9f1-5edd8b5919c9","extension":".mrc","description":"","dataTypes":["MARC"],"importBlocked":false,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('0001886d-679b-4167-bcf6-9ba640929a8f', '.mrk', true, '{"id":"0001886d-679b-4167-bcf6-9ba640929a8f","extension":".mrk","description":"","dataTypes":[],"importBlocked":true,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('8ffe5abc-a532-48cb-ab0e-827ea980154c', '.ord', false, '{"id":"8ffe5abc-a532-48cb-ab0e-827ea980154c","extension":".ord","description":"","dataTypes":["MARC"],"importBlocked":false,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('9dff36d2-cb05-4483-80bc-40dbb57888e6', '.pdf', true, '{"id":"9dff36d2-cb05-4483-80bc-40dbb57888e6","extension":".pdf","description":"","dataTypes":[],"importBlocked":true,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('756800be-ec03-47b6-ace3-e62d1bd6c5dd', '.png', true, '{"id":"756800be-ec03-47b6-ace3-e62d1bd6c5dd","extension":".png","description":"","dataTypes":[],"importBlocked":true,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('6cf5568b-4d37-4d35-9116-e8a52120779d', '.xml', false, '{"id":"6cf5568b-4d37-4d35-9116-e8a52120779d","extension":".xml","description":"","dataTypes":["MARC"],"importBlocked":false,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}'),
    ('8d15a305-5bf8-497f-b2ff-6cffda5f13cf', '.zip', true, '{"id":"8d15a305-5bf8-497f-b2ff-6cffda5f13cf","extension":".zip","description":"","dataTypes":[],"importBlocked":true,"userInfo":{"firstName":"","lastName":"","userName":"System"},"metadata":{"createdDate":"2019-01-01T11:22:07.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2019-01-01T11:22:07.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}');
INSERT INTO file_extension (id, jsonb, created_date, updated_date, extension, import_blocked)
    SELECT id, jsonb, '2019-01-01T11:22:07Z', '2019-01-01T11:22:07Z', extension, import_blocked
    FROM default_file_extension;

-- Job executions: every field of SRM's JobExecution typed (the lists filter and sort on most of them). hrId comes
-- from a sequence, as SRM's job_execution_hr_id_sequence.
CREATE SEQUENCE job_execution_hrid_seq;
CREATE TABLE job_execution (
    id uuid PRIMARY KEY,
    hrid bigint NOT NULL DEFAULT nextval('job_execution_hrid_seq') UNIQUE,
    parent_job_id uuid NOT NULL,
    subordination_type text NOT NULL,
    status text NOT NULL,
    ui_status text NOT NULL,
    error_status text,
    upload_definition_id uuid,
    file_name text,
    source_path text,
    user_id uuid,
    run_by_first_name text,
    run_by_last_name text,
    job_profile_id uuid,
    job_profile_name text,
    job_profile_data_type text,
    progress_current integer NOT NULL DEFAULT 0,
    progress_total integer NOT NULL DEFAULT 0,
    total_records_in_file integer,
    job_part_number integer NOT NULL DEFAULT 1,
    total_job_parts integer NOT NULL DEFAULT 1,
    created_date timestamptz NOT NULL,
    started_date timestamptz,
    completed_date timestamptz
);
CREATE INDEX job_execution_parent_idx ON job_execution (parent_job_id);
CREATE INDEX job_execution_status_idx ON job_execution (status, completed_date);
CREATE INDEX job_execution_completed_idx ON job_execution (completed_date);

-- The journal: one entry per incoming record (SRM's journal_records, folded per record as its job log shows them).
-- The related instance, holdings, item, authority, PO line and invoice infos are kept as FOLIO's JSON.
CREATE TABLE job_log_entry (
    id uuid PRIMARY KEY,
    job_execution_id uuid NOT NULL REFERENCES job_execution (id) ON DELETE CASCADE,
    source_record_id uuid,
    source_record_order integer NOT NULL,
    source_record_type text,
    title text,
    source_record_action_status text,
    instance_action_status text,
    holdings_action_status text,
    item_action_status text,
    authority_action_status text,
    error text,
    related jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX job_log_entry_job_idx ON job_log_entry (job_execution_id, source_record_order);
