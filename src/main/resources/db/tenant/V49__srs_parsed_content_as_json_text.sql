-- SRS's MARC-in-JSON kept as json (its text, validated) instead of jsonb (issues 14 and 15).
--
-- Nothing looks inside parsed_content with SQL but the instance-deletion trigger below: every reader (SRS's API, the
-- OAI-PMH page, data export, SRU) takes the whole text and parses it in Java. As jsonb, every write parsed the text
-- into jsonb's binary form and every read printed it back as text: 4.4 ms of PostgreSQL's ~10 ms per OAI-PMH page of
-- 100 records (measured with /proc over warm harvests, docs/benchmarks.md), and the same parse on each of an
-- import's 100,000 records. As json, a write only checks the syntax and a read copies the text.
--
-- FOLIO serves the keys in jsonb's order ({"fields": …, "leader": …}); Quire now writes them in that order itself
-- (JsonbKeyOrder), so its answers do not change. Existing rows convert as jsonb prints them: already in that order.

ALTER TABLE srs_record ALTER COLUMN parsed_content TYPE json USING parsed_content::json;

-- V43's function, with Leader/05 set through jsonb (json has no jsonb_set): a deletion is rare, and the result is
-- in jsonb's key order like every stored record. CREATE OR REPLACE resets the function's settings: V44's
-- plan_cache_mode is set again.
CREATE OR REPLACE FUNCTION oai_instance_deleted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE srs_record
       SET state = 'DELETED',
           leader_record_status = 'd',
           suppress_discovery = true,
           parsed_content = CASE
               WHEN length(parsed_content ->> 'leader') = 24 THEN jsonb_set(parsed_content::jsonb, '{leader}',
                   to_jsonb(overlay(parsed_content ->> 'leader' placing 'd' from 6 for 1)))::json
               ELSE parsed_content END,
           updated_date = clock_timestamp()
     WHERE instance_id = OLD.id AND record_type = 'MARC_BIB' AND state = 'ACTUAL';
    IF NOT EXISTS (SELECT 1 FROM srs_record WHERE instance_id = OLD.id AND record_type = 'MARC_BIB'
                     AND state IN ('ACTUAL', 'DELETED')) THEN
        INSERT INTO oai_instance_tombstone (instance_id, deleted_date) VALUES (OLD.id, clock_timestamp())
            ON CONFLICT (instance_id) DO UPDATE SET deleted_date = EXCLUDED.deleted_date;
    END IF;
    RETURN OLD;
END $$;
ALTER FUNCTION oai_instance_deleted() SET plan_cache_mode = force_custom_plan;
