-- mod-entities-links' authority storage (authority.yaml / authorityDto.yaml), its authority source files and note
-- types, and instance-authority links with their linking rules. Each record is typed columns + jsonb, as the rest of
-- Quire; a heading's type and value are generated columns over the JSON (FOLIO's Authority entity keeps them as the
-- columns heading_type and heading), so CQL on headingType/heading is an index lookup, not a jsonb scan.

CREATE TABLE authority_source_file (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text NOT NULL
);
-- mod-entities-links: authority_source_file.name is unique.
CREATE UNIQUE INDEX authority_source_file_name_key ON authority_source_file (lower(name));

CREATE TABLE authority (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    natural_id text NOT NULL,
    source text NOT NULL,
    source_file_id uuid REFERENCES authority_source_file (id),
    heading_type text GENERATED ALWAYS AS (
        CASE
            WHEN jsonb ? 'personalName' THEN 'personalName'
            WHEN jsonb ? 'personalNameTitle' THEN 'personalNameTitle'
            WHEN jsonb ? 'corporateName' THEN 'corporateName'
            WHEN jsonb ? 'corporateNameTitle' THEN 'corporateNameTitle'
            WHEN jsonb ? 'meetingName' THEN 'meetingName'
            WHEN jsonb ? 'meetingNameTitle' THEN 'meetingNameTitle'
            WHEN jsonb ? 'uniformTitle' THEN 'uniformTitle'
            WHEN jsonb ? 'namedEvent' THEN 'namedEvent'
            WHEN jsonb ? 'topicalTerm' THEN 'topicalTerm'
            WHEN jsonb ? 'geographicName' THEN 'geographicName'
            WHEN jsonb ? 'genreTerm' THEN 'genreTerm'
            WHEN jsonb ? 'generalSubdivision' THEN 'generalSubdivision'
        END) STORED,
    heading text GENERATED ALWAYS AS (left(coalesce(jsonb ->> 'personalName', jsonb ->> 'personalNameTitle',
        jsonb ->> 'corporateName', jsonb ->> 'corporateNameTitle', jsonb ->> 'meetingName',
        jsonb ->> 'meetingNameTitle', jsonb ->> 'uniformTitle', jsonb ->> 'namedEvent', jsonb ->> 'topicalTerm',
        jsonb ->> 'geographicName', jsonb ->> 'genreTerm', jsonb ->> 'generalSubdivision'), 500)) STORED
);
CREATE INDEX authority_natural_id_idx ON authority (lower(natural_id));
CREATE INDEX authority_source_file_id_idx ON authority (source_file_id);
CREATE INDEX authority_heading_type_idx ON authority (heading_type);
CREATE INDEX authority_heading_idx ON authority (lower(heading) text_pattern_ops);

CREATE TABLE authority_note_type (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL,
    source text
);
CREATE UNIQUE INDEX authority_note_type_name_key ON authority_note_type (lower(name));

-- mod-entities-links' instance_authority_link: a generated integer id, no foreign key to the authority (v4.1 dropped
-- it) nor to the instance (it lives in another module); one link per instance, authority and linking rule.
CREATE TABLE instance_authority_link (
    id bigserial PRIMARY KEY,
    instance_id uuid NOT NULL,
    authority_id uuid NOT NULL,
    authority_natural_id text NOT NULL,
    linking_rule_id integer NOT NULL,
    status text NOT NULL DEFAULT 'ACTUAL',
    error_cause text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (instance_id, authority_id, linking_rule_id)
);
CREATE INDEX instance_authority_link_authority_idx ON instance_authority_link (authority_id);

-- FOLIO's authority source files (mod-inventory-storage reference-data/authority-source-files/*.json, moved to
-- mod-entities-links; LCDGT as mod-entities-links' reference-data/authority-source-files/LCDGT.json). In the
-- migration, so tenants created before this version get them too.
INSERT INTO authority_source_file (id, jsonb, created_date, updated_date, name, source) VALUES
  ('af045f2f-e851-4613-984c-4bc13430454a', '{"id": "af045f2f-e851-4613-984c-4bc13430454a", "name": "LC Name Authority file (LCNAF)", "codes": ["n", "nb", "nr", "no", "ns"], "type": "Names", "baseUrl": "id.loc.gov/authorities/names/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'LC Name Authority file (LCNAF)', 'folio'),
  ('837e2c7b-037b-4113-9dfd-b1b8aeeb1fb8', '{"id": "837e2c7b-037b-4113-9dfd-b1b8aeeb1fb8", "name": "LC Subject Headings (LCSH)", "codes": ["sh"], "type": "Subjects", "baseUrl": "id.loc.gov/authorities/subjects/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'LC Subject Headings (LCSH)', 'folio'),
  ('ccebe5d8-5bfe-46f5-bfa2-79f257c249c9', '{"id": "ccebe5d8-5bfe-46f5-bfa2-79f257c249c9", "name": "LC Children''s Subject Headings", "codes": ["sj"], "type": "Subjects", "baseUrl": "id.loc.gov/authorities/childrensSubjects/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'LC Children''s Subject Headings', 'folio'),
  ('67d1ec4b-a19a-4324-9f19-473b49e370ac', '{"id": "67d1ec4b-a19a-4324-9f19-473b49e370ac", "name": "LC Genre/Form Terms (LCGFT)", "codes": ["gf"], "type": "Subjects", "baseUrl": "id.loc.gov/authorities/genreForms/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'LC Genre/Form Terms (LCGFT)', 'folio'),
  ('4b531a84-d4fe-44e5-b75f-542ec71b2f62', '{"id": "4b531a84-d4fe-44e5-b75f-542ec71b2f62", "name": "LC Demographic Group Terms (LCDGT)", "codes": ["dg"], "type": "Subjects", "baseUrl": "http://id.loc.gov/authorities/demographicTerms/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'LC Demographic Group Terms (LCDGT)', 'folio'),
  ('2c0e41b5-8ffb-4856-aa64-76648a6f6b18', '{"id": "2c0e41b5-8ffb-4856-aa64-76648a6f6b18", "name": "LC Medium of Performance Thesaurus for Music (LCMPT)", "codes": ["mp"], "type": "Subjects", "baseUrl": "id.loc.gov/authorities/performanceMediums/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'LC Medium of Performance Thesaurus for Music (LCMPT)', 'folio'),
  ('191874a0-707a-4634-928e-374ee9103225', '{"id": "191874a0-707a-4634-928e-374ee9103225", "name": "Faceted Application of Subject Terminology (FAST)", "codes": ["fst"], "type": "Subjects", "baseUrl": "id.worldcat.org/fast/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'Faceted Application of Subject Terminology (FAST)', 'folio'),
  ('6ddf21a6-bc2f-4cb0-ad96-473e1f82da23', '{"id": "6ddf21a6-bc2f-4cb0-ad96-473e1f82da23", "name": "Medical Subject Headings (MeSH)", "codes": ["D"], "type": "Subjects", "baseUrl": "id.nlm.nih.gov/mesh/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'Medical Subject Headings (MeSH)', 'folio'),
  ('70ff583b-b8c9-483e-ac21-cb4a9217898b', '{"id": "70ff583b-b8c9-483e-ac21-cb4a9217898b", "name": "Thesaurus for Graphic Materials (TGM)", "codes": ["lcgtm", "tgm"], "type": "Subjects", "baseUrl": "id.loc.gov/vocabulary/graphicMaterials/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'Thesaurus for Graphic Materials (TGM)', 'folio'),
  ('b0f38dbe-5bc0-477d-b1ee-6d9878a607f7', '{"id": "b0f38dbe-5bc0-477d-b1ee-6d9878a607f7", "name": "Rare Books and Manuscripts Section (RBMS)", "codes": ["rbmscv"], "type": "Subjects", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'Rare Books and Manuscripts Section (RBMS)', 'folio'),
  ('cb58492d-018e-442d-9ce3-35aabfc524aa', '{"id": "cb58492d-018e-442d-9ce3-35aabfc524aa", "name": "Art & architecture thesaurus (AAT)", "codes": ["aat", "aatg"], "type": "Subjects", "baseUrl": "vocab.getty.edu/aat/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'Art & architecture thesaurus (AAT)', 'folio'),
  ('b224845c-5026-4594-8b55-61d39ecf0541', '{"id": "b224845c-5026-4594-8b55-61d39ecf0541", "name": "GSAFD Genre Terms (GSAFD)", "codes": ["gsafd"], "type": "Subjects", "baseUrl": "vocabularyserver.com/gsafd/", "source": "folio", "_version": 1}'::jsonb || jsonb_build_object('metadata', jsonb_build_object('createdDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedDate', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), now(), now(), 'GSAFD Genre Terms (GSAFD)', 'folio');
