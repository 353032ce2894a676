-- Statement-level triggers that join a batch's transition table to a real table, planned with the keys they look up
-- (issue 14).
--
-- plpgsql keeps each statement's plan for the connection's life, and plan_cache_mode = force_custom_plan only applies
-- to a statement with parameters: a statement that reads nothing but its transition table (new_rows, old_rows) and
-- tables has none, so it kept the plan made at its first run. In a new tenant's first import that run is the first
-- chunk, when the tables are all but empty, and its plan reads them whole: every later chunk read every instance
-- (oai_holdings_changed), every holdings record twice and every item (the availability triggers), 16 ms per chunk and
-- rising at 19,000 records, 6 s of a 20,000-record import's PostgreSQL time (pg_stat_statements: 170 calls, 5 plans).
-- Each trigger now first collects the batch's keys into an array, a parameter of the statement that uses them, so
-- force_custom_plan plans that statement at each run with the array and the table's size then: by index.
-- (Without this, BulkInsertTriggersTest reads 2,110 instance rows to date a batch of 5 after 2,100 were written.)

CREATE OR REPLACE FUNCTION oai_holdings_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    ids uuid[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        ids := ARRAY(SELECT DISTINCT instance_id FROM new_rows);
    ELSIF TG_OP = 'UPDATE' THEN
        ids := ARRAY(SELECT instance_id FROM new_rows UNION SELECT instance_id FROM old_rows);
    ELSE
        ids := ARRAY(SELECT DISTINCT instance_id FROM old_rows);
    END IF;
    UPDATE instance SET complete_updated_date = clock_timestamp()
     WHERE id = ANY(ids) AND (complete_updated_date IS NULL OR complete_updated_date < now());
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION oai_instance_created() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    ids uuid[] := ARRAY(SELECT id FROM new_rows);
BEGIN
    DELETE FROM oai_instance_tombstone WHERE instance_id = ANY(ids);
    RETURN NULL;
END $$;

-- V47's rule stands: a version row this transaction (or the batch's own subtransaction) wrote is left alone.
CREATE OR REPLACE FUNCTION availability_holdings_created() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $$
DECLARE
    ids uuid[] := ARRAY(SELECT id FROM new_rows);
BEGIN
    UPDATE availability_version v SET version = nextval('availability_version_seq')
      FROM (SELECT h.instance_id, h.xmin AS writer FROM holdings_record h WHERE h.id = ANY(ids)) n
     WHERE v.instance_id = n.instance_id AND v.xmin <> n.writer AND v.xmin <> pg_current_xact_id()::xid;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION availability_items_created() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $$
DECLARE
    ids uuid[] := ARRAY(SELECT id FROM new_rows);
BEGIN
    UPDATE availability_version v SET version = nextval('availability_version_seq')
      FROM (SELECT h.instance_id, i.xmin AS writer FROM item i JOIN holdings_record h ON h.id = i.holdings_record_id
             WHERE i.id = ANY(ids)) n
     WHERE v.instance_id = n.instance_id AND v.xmin <> n.writer AND v.xmin <> pg_current_xact_id()::xid;
    RETURN NULL;
END $$;

-- CREATE OR REPLACE keeps no option it does not name (V45).
ALTER FUNCTION oai_holdings_changed() SET plan_cache_mode = force_custom_plan;
ALTER FUNCTION oai_instance_created() SET plan_cache_mode = force_custom_plan;
ALTER FUNCTION availability_holdings_created() SET plan_cache_mode = force_custom_plan;
ALTER FUNCTION availability_items_created() SET plan_cache_mode = force_custom_plan;
