-- The "has this instance an SRS bib?" probes of the OAI date triggers (V44), read by the instance id alone
-- (issue 14: a 20,000-record import into a new tenant spent 43.6 s of PostgreSQL time in the instance insert's probe,
-- 2.18 ms per instance and rising).
--
-- Before a table's first ANALYZE PostgreSQL has no statistics for it and guesses every equality's selectivity; the
-- probe's record_type and state conditions together then looked far more selective than the instance id, so it read
-- srs_record through the OAI partial index (record_type = 'MARC_BIB' AND state IN ('ACTUAL', 'DELETED')), which holds
-- every bib: each instance written read every SRS record written before it, until autovacuum analysed the table. With
-- the conditions on type and state outside a subquery that cannot be flattened (OFFSET 0), the only condition the scan
-- has is the instance id, and its index is used whatever the statistics say (EXPLAIN ANALYZE on an unanalysed copy of
-- 40,000 SRS records: 14.6 ms → 0.09 ms per probe).

CREATE OR REPLACE FUNCTION oai_instance_touched() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    NEW.complete_updated_date := clock_timestamp();
    IF TG_OP = 'INSERT' THEN
        -- an SRS record may be written before its instance (data import does so)
        NEW.has_srs_bib := EXISTS (SELECT 1 FROM (SELECT r.record_type, r.state FROM srs_record r
                                                   WHERE r.instance_id = NEW.id OFFSET 0) r
                                   WHERE r.record_type = 'MARC_BIB' AND r.state IN ('ACTUAL', 'DELETED'));
    END IF;
    RETURN NEW;
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
                             OR EXISTS (SELECT 1 FROM (SELECT r.record_type, r.state FROM srs_record r
                                                WHERE r.instance_id = x.id OFFSET 0) r
                                        WHERE r.record_type = 'MARC_BIB' AND r.state IN ('ACTUAL', 'DELETED')) AS has
                  FROM unnest(ids) AS x(id) JOIN instance j ON j.id = x.id) s
         WHERE i.id = s.id
           AND (i.complete_updated_date IS NULL OR i.complete_updated_date < now() OR i.has_srs_bib <> s.has);
    END IF;
    RETURN NULL;
END $$;

-- CREATE OR REPLACE keeps no option it does not name. oai_srs_changed is still planned at each run with the tables'
-- sizes then (V44). oai_instance_touched no longer needs it: its probe's only indexable condition is the instance id,
-- so even a plan cached while srs_record was empty reads by that index (OaiDateTriggersTest), and planning it for
-- every instance written was most of the trigger's cost (100 rows inserted: 15-22 ms of trigger time planned each
-- time, 4.4 ms with the plan kept).
ALTER FUNCTION oai_srs_changed() SET plan_cache_mode = force_custom_plan;
