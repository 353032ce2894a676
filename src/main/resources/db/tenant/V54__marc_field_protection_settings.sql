-- MARC field protection settings (mod-data-import-converter-storage's marc_field_protection_settings), with FOLIO's two
-- SYSTEM settings and their ids (default_marc_field_protection_settings.sql): 001, and 999 ff with any subfield.
CREATE TABLE marc_field_protection_setting (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    field text NOT NULL,
    source text
);

INSERT INTO marc_field_protection_setting (id, jsonb, created_date, updated_date, field, source) VALUES
    ('2d706874-8a10-4d3e-a190-33c301d157e3', '{"id":"2d706874-8a10-4d3e-a190-33c301d157e3","field":"001","indicator1":"","indicator2":"","subfield":"","data":"*","source":"SYSTEM","metadata":{"createdDate":"2020-08-13T14:44:00.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2020-08-13T14:44:00.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}',
     '2020-08-13T14:44:00Z', '2020-08-13T14:44:00Z', '001', 'SYSTEM'),
    ('82d0b904-f8b0-4cc2-b238-7d8cddef7b7e', '{"id":"82d0b904-f8b0-4cc2-b238-7d8cddef7b7e","field":"999","indicator1":"f","indicator2":"f","subfield":"*","data":"*","source":"SYSTEM","metadata":{"createdDate":"2020-08-13T14:44:00.000+00:00","createdByUserId":"00000000-0000-0000-0000-000000000000","createdByUsername":"System","updatedDate":"2020-08-13T14:44:00.000+00:00","updatedByUserId":"00000000-0000-0000-0000-000000000000","updatedByUsername":"System"}}',
     '2020-08-13T14:44:00Z', '2020-08-13T14:44:00Z', '999', 'SYSTEM');
