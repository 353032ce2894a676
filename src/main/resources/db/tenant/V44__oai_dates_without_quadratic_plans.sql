-- V43's OAI date triggers, made cheap for bulk writes (issue 14: a 10,000-record import ran at 156 records/s
-- instead of 524, slower and slower as it went).
--
-- 1. Plans. plpgsql keeps a trigger statement's plan for the connection's life, and a plan made while a table was
--    empty (a new tenant's first import) stays: the instance insert's "has it an SRS bib?" probe was planned as a
--    scan of all of srs_record, so every instance written scanned every SRS record written before it. Each trigger
--    function is now planned at each run, with the sizes the tables have then (force_custom_plan).
-- 2. Fewer rewrites of the instance row (each one not a HOT update: the date is indexed, and has_srs_bib is in the
--    OAI indexes' predicates):
--    - an instance already dated in this transaction (created or changed: its date is at or after the
--      transaction's start) is not re-dated by its holdings or SRS writes in the same transaction: they commit
--      together, so a harvest sees them together;
--    - data import writes the SRS record before its instance (ImportChunk), so the instance is born with
--      has_srs_bib and its SRS write finds no instance to mark;
--    - an SRS bib made OLD does not take the instance off the SRS side: a new generation replaces it in the same
--      transaction (SrsStore.newGenerations makes the old one OLD, then inserts the new), and flipping the flag
--      off and on again rewrote the instance twice per updated record. Only deleting the SRS rows clears it.

CREATE OR REPLACE FUNCTION oai_instance_touched() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    NEW.complete_updated_date := clock_timestamp();
    IF TG_OP = 'INSERT' THEN
        -- an SRS record may be written before its instance (data import does so)
        NEW.has_srs_bib := EXISTS (SELECT 1 FROM srs_record r WHERE r.instance_id = NEW.id
                                      AND r.record_type = 'MARC_BIB' AND r.state IN ('ACTUAL', 'DELETED'));
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION oai_holdings_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE instance SET complete_updated_date = clock_timestamp()
         WHERE id IN (SELECT DISTINCT instance_id FROM new_rows)
           AND (complete_updated_date IS NULL OR complete_updated_date < now());
    ELSIF TG_OP = 'UPDATE' THEN
        UPDATE instance SET complete_updated_date = clock_timestamp()
         WHERE id IN (SELECT instance_id FROM new_rows UNION SELECT instance_id FROM old_rows)
           AND (complete_updated_date IS NULL OR complete_updated_date < now());
    ELSE
        UPDATE instance SET complete_updated_date = clock_timestamp()
         WHERE id IN (SELECT DISTINCT instance_id FROM old_rows)
           AND (complete_updated_date IS NULL OR complete_updated_date < now());
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION oai_srs_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    ids uuid[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        ids := ARRAY(SELECT DISTINCT instance_id FROM new_rows WHERE record_type = 'MARC_BIB' AND instance_id IS NOT NULL);
    ELSIF TG_OP = 'UPDATE' THEN
        ids := ARRAY(SELECT instance_id FROM new_rows WHERE record_type = 'MARC_BIB' AND instance_id IS NOT NULL
                     UNION SELECT instance_id FROM old_rows WHERE record_type = 'MARC_BIB' AND instance_id IS NOT NULL);
    ELSE
        ids := ARRAY(SELECT DISTINCT instance_id FROM old_rows WHERE record_type = 'MARC_BIB' AND instance_id IS NOT NULL);
    END IF;
    IF cardinality(ids) > 0 THEN
        UPDATE instance i SET complete_updated_date = clock_timestamp(), has_srs_bib = s.has
          FROM (SELECT x.id, (TG_OP <> 'DELETE' AND j.has_srs_bib)
                             OR EXISTS (SELECT 1 FROM srs_record r WHERE r.instance_id = x.id
                                          AND r.record_type = 'MARC_BIB' AND r.state IN ('ACTUAL', 'DELETED')) AS has
                  FROM unnest(ids) AS x(id) JOIN instance j ON j.id = x.id) s
         WHERE i.id = s.id
           AND (i.complete_updated_date IS NULL OR i.complete_updated_date < now() OR i.has_srs_bib <> s.has);
    END IF;
    RETURN NULL;
END $$;

ALTER FUNCTION oai_instance_touched() SET plan_cache_mode = force_custom_plan;
ALTER FUNCTION oai_instance_created() SET plan_cache_mode = force_custom_plan;
ALTER FUNCTION oai_holdings_changed() SET plan_cache_mode = force_custom_plan;
ALTER FUNCTION oai_srs_changed() SET plan_cache_mode = force_custom_plan;
ALTER FUNCTION oai_instance_deleted() SET plan_cache_mode = force_custom_plan;
