-- OAI-PMH over instances as well as SRS (mod-oai-pmh's recordsSource "Inventory" and "Source record storage and
-- Inventory"), and the re-dating of marc21_withholdings records when a holdings record changes (items: OaiItemDates).

-- The instance's "harvest date" for marc21_withholdings: the latest change of the instance, its SRS MARC bib, or
-- any of its holdings records or items (created, updated, moved or deleted). mod-inventory-storage keeps the same
-- column under the same name (instance.complete_updated_date, set by triggers on instance, holdings_record and
-- item) and mod-oai-pmh's get_instances_with_marc_records view takes it as the instance's updated date. Here the
-- instance, holdings and SRS changes set it by triggers in the writer's own transaction (every path keeps it); item
-- changes through the outbox (see below).
ALTER TABLE instance ADD COLUMN complete_updated_date timestamptz;

-- Whether the instance has a harvestable SRS MARC bib (MARC_BIB, ACTUAL or DELETED): which records source it
-- belongs to ("Source record storage" or "Inventory"), kept by the triggers below, so that each source's instances
-- are an index range of their own and a page never scans past the other source's instances.
ALTER TABLE instance ADD COLUMN has_srs_bib boolean NOT NULL DEFAULT false;

UPDATE instance i SET has_srs_bib = EXISTS (SELECT 1 FROM srs_record r WHERE r.instance_id = i.id
        AND r.record_type = 'MARC_BIB' AND r.state IN ('ACTUAL', 'DELETED')),
    complete_updated_date = greatest(
        coalesce(i.updated_date, i.created_date, now()),
        (SELECT max(h.updated_date) FROM holdings_record h WHERE h.instance_id = i.id),
        (SELECT max(it.updated_date) FROM holdings_record h JOIN item it ON it.holdings_record_id = h.id
          WHERE h.instance_id = i.id),
        (SELECT max(r.updated_date) FROM srs_record r WHERE r.instance_id = i.id AND r.record_type = 'MARC_BIB'));

-- A marc21_withholdings page is one keyset step over the index of each source's instances.
CREATE INDEX instance_oai_srs_idx ON instance (complete_updated_date, id) WHERE has_srs_bib;
CREATE INDEX instance_oai_inventory_idx ON instance (complete_updated_date, id) WHERE NOT has_srs_bib;
-- A marc21/oai_dc page over instances without SRS is one keyset step over this one (FOLIO: the instance's
-- metadata.updatedDate).
CREATE INDEX instance_oai_inventory_updated_idx ON instance (updated_date, id) WHERE NOT has_srs_bib;
-- The tombstones of deleted SRS-backed instances, apart from the ACTUAL bibs, for marc21_withholdings.
CREATE INDEX srs_record_oai_deleted_idx ON srs_record (updated_date, id)
    WHERE record_type = 'MARC_BIB' AND state = 'DELETED' AND instance_id IS NOT NULL;

-- clock_timestamp(), not now(): the date is close to the commit, so a harvest's frozen upper bound rarely passes a
-- change still in flight (as V41's tombstones).
CREATE FUNCTION oai_instance_touched() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    NEW.complete_updated_date := clock_timestamp();
    IF TG_OP = 'INSERT' THEN
        -- an SRS record may be written before its instance (the SRS triggers found no instance to mark then)
        NEW.has_srs_bib := EXISTS (SELECT 1 FROM srs_record r WHERE r.instance_id = NEW.id
                                      AND r.record_type = 'MARC_BIB' AND r.state IN ('ACTUAL', 'DELETED'));
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER instance_complete_updated_date BEFORE INSERT OR UPDATE ON instance
    FOR EACH ROW EXECUTE FUNCTION oai_instance_touched();

-- Statement-level with transition tables: a batch of 1,000 items of one instance updates that instance once.
-- plpgsql plans a statement when it first runs it, so each branch only names the transition tables its event has.
CREATE FUNCTION oai_holdings_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE instance SET complete_updated_date = clock_timestamp()
         WHERE id IN (SELECT DISTINCT instance_id FROM new_rows);
    ELSIF TG_OP = 'UPDATE' THEN
        UPDATE instance SET complete_updated_date = clock_timestamp()
         WHERE id IN (SELECT instance_id FROM new_rows UNION SELECT instance_id FROM old_rows);
    ELSE
        UPDATE instance SET complete_updated_date = clock_timestamp()
         WHERE id IN (SELECT DISTINCT instance_id FROM old_rows);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER holdings_oai_insert AFTER INSERT ON holdings_record REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION oai_holdings_changed();
CREATE TRIGGER holdings_oai_update AFTER UPDATE ON holdings_record
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oai_holdings_changed();
CREATE TRIGGER holdings_oai_delete AFTER DELETE ON holdings_record REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION oai_holdings_changed();

-- Items do not re-date their instance here: a trigger on item made every check-out and check-in also rewrite the
-- instance row (not a HOT update: complete_updated_date is indexed), which measured +200 µs of PostgreSQL time per
-- item update (130 → 330 µs, 3,000 updates in one transaction, four alternations) on circulation's hottest path. An
-- item change re-dates its instance through the outbox instead, in batches off the request path (OaiItemDates).

-- A new MARC bib generation (or a state change, or a removal) of an instance re-dates it too — with SRS the
-- marc21_withholdings datestamp is then never older than the MARC record's — and says again whether it has one.
CREATE FUNCTION oai_srs_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
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
        UPDATE instance i SET complete_updated_date = clock_timestamp(),
               has_srs_bib = EXISTS (SELECT 1 FROM srs_record r WHERE r.instance_id = i.id
                                        AND r.record_type = 'MARC_BIB' AND r.state IN ('ACTUAL', 'DELETED'))
         WHERE i.id = ANY(ids);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER srs_oai_insert AFTER INSERT ON srs_record REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION oai_srs_changed();
CREATE TRIGGER srs_oai_update AFTER UPDATE ON srs_record REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION oai_srs_changed();
CREATE TRIGGER srs_oai_delete AFTER DELETE ON srs_record REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION oai_srs_changed();

-- Tombstones of instances without SRS (recordsSource with Inventory, deletedRecordsSupport persistent): V41's
-- trigger makes the SRS record of a deleted instance DELETED; an instance without one leaves its id and date here
-- (FOLIO reads mod-inventory-storage's audit_instance for these). A re-created instance of the same id drops it.
CREATE TABLE oai_instance_tombstone (
    instance_id uuid PRIMARY KEY,
    deleted_date timestamptz NOT NULL
);
CREATE INDEX oai_instance_tombstone_date_idx ON oai_instance_tombstone (deleted_date, instance_id);

CREATE OR REPLACE FUNCTION oai_instance_deleted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE srs_record
       SET state = 'DELETED',
           leader_record_status = 'd',
           suppress_discovery = true,
           parsed_content = CASE
               WHEN length(parsed_content ->> 'leader') = 24 THEN jsonb_set(parsed_content, '{leader}',
                   to_jsonb(overlay(parsed_content ->> 'leader' placing 'd' from 6 for 1)))
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

CREATE FUNCTION oai_instance_created() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    DELETE FROM oai_instance_tombstone WHERE instance_id IN (SELECT id FROM new_rows);
    RETURN NULL;
END $$;

CREATE TRIGGER instance_oai_recreated AFTER INSERT ON instance REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION oai_instance_created();
