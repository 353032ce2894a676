-- What RTAC's answers are kept by (rtac/AvailabilityCache, issue 16): every Quire process on this database keeps the
-- answers it gave, and before it gives one again it reads the instance's version here, in one statement. Every write
-- that can change an instance's availability answer gives the instance a new version in the writer's own transaction,
-- whoever writes (any Quire process, data import, SQL), so an answer whose version is still the one read with its
-- data is exact. What an answer shows, and so what re-versions it (RtacStore's statement): the instance (found,
-- suppressed, periodical), its holdings records, their items, each item's open loan (due date) and open requests
-- (count), and the names of locations, libraries, material types, loan types, holdings note types and modes of
-- issuance (those re-version every answer at once: availability_epoch).
--
-- Versions come from a sequence, never reused, so an instance deleted and created again never repeats an old
-- version. The epoch starts at a random value, so a schema dropped and created again never repeats an old epoch.
CREATE SEQUENCE availability_version_seq;

CREATE TABLE availability_version (
    instance_id uuid PRIMARY KEY,
    version bigint NOT NULL DEFAULT nextval('availability_version_seq')
);

CREATE TABLE availability_epoch (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    epoch bigint NOT NULL
);
INSERT INTO availability_epoch (epoch) VALUES ((random() * 4e18)::bigint);

INSERT INTO availability_version (instance_id) SELECT id FROM instance;

-- A new version for the instance `of_instance`, once per transaction: readers never see a transaction in part, so
-- one change of version per commit is enough, and an instance created or already re-versioned in this transaction
-- (its row's xmin is this transaction) is left alone. That keeps a data import's holdings and items (created with their
-- instance) and a check-out's loan (written with its item) from writing the row again.
--
-- The row triggers below look up one instance each with `=`, never `= ANY(array)`: plpgsql's cached plan for an
-- array parameter costs more (10 rows estimated) than a plan for the array it is given (1 or 2), so PostgreSQL
-- planned such a statement again at every call, which measured +0.25 ms per check-out (pgbench, a loan insert and
-- an item update per transaction: 0.54 ms without the triggers, 0.80 with `= ANY`, 0.59 with `=`).
CREATE FUNCTION availability_bump(of_instance uuid) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE availability_version SET version = nextval('availability_version_seq')
     WHERE instance_id = of_instance AND xmin <> pg_current_xact_id()::xid;
END $$;

-- The same for a batch of instances (the statement triggers of new rows, planned once per batch).
CREATE FUNCTION availability_bump_each(ids uuid[]) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE availability_version SET version = nextval('availability_version_seq')
     WHERE instance_id = ANY(ids) AND xmin <> pg_current_xact_id()::xid;
END $$;

-- Changes of existing records re-version at COMMIT (deferred constraint triggers), not when the row is written: a
-- check-out locks its item first and the version row only as it commits, so it never holds the version row while
-- it waits for another row, and two writers of one instance cannot deadlock on it.
CREATE FUNCTION availability_item_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM availability_bump((SELECT instance_id FROM holdings_record WHERE id = OLD.holdings_record_id));
    IF TG_OP = 'UPDATE' THEN
        IF NEW.holdings_record_id IS DISTINCT FROM OLD.holdings_record_id THEN
            PERFORM availability_bump((SELECT instance_id FROM holdings_record WHERE id = NEW.holdings_record_id));
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION availability_holdings_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM availability_bump(OLD.instance_id);
    IF TG_OP = 'UPDATE' THEN
        IF NEW.instance_id IS DISTINCT FROM OLD.instance_id THEN
            PERFORM availability_bump(NEW.instance_id);
        END IF;
    END IF;
    RETURN NULL;
END $$;

-- A loan or request names its item; its instance is the item's holdings record's.
CREATE FUNCTION availability_of_item_bump(of_item uuid) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM availability_bump((SELECT h.instance_id FROM item i JOIN holdings_record h ON h.id = i.holdings_record_id
                                WHERE i.id = of_item));
END $$;

CREATE FUNCTION availability_of_item_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM availability_of_item_bump(NEW.item_id);
    ELSE
        PERFORM availability_of_item_bump(OLD.item_id);
        IF TG_OP = 'UPDATE' THEN
            IF NEW.item_id IS DISTINCT FROM OLD.item_id THEN
                PERFORM availability_of_item_bump(NEW.item_id);
            END IF;
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION availability_instance_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM availability_bump(OLD.id);
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER item_availability AFTER UPDATE OR DELETE ON item
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_item_changed();
CREATE CONSTRAINT TRIGGER holdings_availability AFTER UPDATE OR DELETE ON holdings_record
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_holdings_changed();
CREATE CONSTRAINT TRIGGER loan_availability_insert_delete AFTER INSERT OR DELETE ON loan
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_of_item_changed();
-- Only what the answer shows: anonymising closed loans, for one, re-versions nothing.
CREATE CONSTRAINT TRIGGER loan_availability_update AFTER UPDATE ON loan
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.item_id IS DISTINCT FROM NEW.item_id OR OLD.status_name IS DISTINCT FROM NEW.status_name
          OR OLD.due_date IS DISTINCT FROM NEW.due_date)
    EXECUTE FUNCTION availability_of_item_changed();
CREATE CONSTRAINT TRIGGER request_availability_insert_delete AFTER INSERT OR DELETE ON request
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_of_item_changed();
-- Moving a request in its queue changes no count.
CREATE CONSTRAINT TRIGGER request_availability_update AFTER UPDATE ON request
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.item_id IS DISTINCT FROM NEW.item_id OR OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION availability_of_item_changed();
-- What the statement reads of the instance itself: discoverySuppress, and whether it is a periodical.
CREATE CONSTRAINT TRIGGER instance_availability_update AFTER UPDATE ON instance
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.jsonb->'discoverySuppress' IS DISTINCT FROM NEW.jsonb->'discoverySuppress'
          OR OLD.jsonb->'modeOfIssuanceId' IS DISTINCT FROM NEW.jsonb->'modeOfIssuanceId'
          OR OLD.jsonb->'natureOfContentTermIds' IS DISTINCT FROM NEW.jsonb->'natureOfContentTermIds')
    EXECUTE FUNCTION availability_instance_changed();
CREATE CONSTRAINT TRIGGER instance_availability_delete AFTER DELETE ON instance
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION availability_instance_changed();

-- New instances, holdings records and items come in batches (data import, batch APIs): one statement-level trigger
-- per batch. A new instance gets its row (an id created again gets a new version); new holdings and items
-- re-version their instance unless it was created in the same transaction.
CREATE FUNCTION availability_instances_created() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    INSERT INTO availability_version (instance_id) SELECT id FROM new_rows
        ON CONFLICT (instance_id) DO UPDATE SET version = nextval('availability_version_seq');
    RETURN NULL;
END $$;

CREATE FUNCTION availability_holdings_created() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM availability_bump_each(ARRAY(SELECT DISTINCT instance_id FROM new_rows));
    RETURN NULL;
END $$;

CREATE FUNCTION availability_items_created() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM availability_bump_each(ARRAY(SELECT DISTINCT h.instance_id FROM holdings_record h
                                          WHERE h.id IN (SELECT holdings_record_id FROM new_rows)));
    RETURN NULL;
END $$;

CREATE TRIGGER instance_availability_insert AFTER INSERT ON instance REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION availability_instances_created();
CREATE TRIGGER holdings_availability_insert AFTER INSERT ON holdings_record REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION availability_holdings_created();
CREATE TRIGGER item_availability_insert AFTER INSERT ON item REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION availability_items_created();

-- Reference names shown in every answer: a change re-versions all answers at once.
CREATE FUNCTION availability_names_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE availability_epoch SET epoch = epoch + 1;
    RETURN NULL;
END $$;

CREATE TRIGGER location_availability AFTER INSERT OR UPDATE OR DELETE ON location
    FOR EACH STATEMENT EXECUTE FUNCTION availability_names_changed();
CREATE TRIGGER library_availability AFTER INSERT OR UPDATE OR DELETE ON library
    FOR EACH STATEMENT EXECUTE FUNCTION availability_names_changed();
CREATE TRIGGER material_type_availability AFTER INSERT OR UPDATE OR DELETE ON material_type
    FOR EACH STATEMENT EXECUTE FUNCTION availability_names_changed();
CREATE TRIGGER loan_type_availability AFTER INSERT OR UPDATE OR DELETE ON loan_type
    FOR EACH STATEMENT EXECUTE FUNCTION availability_names_changed();
CREATE TRIGGER holdings_note_type_availability AFTER INSERT OR UPDATE OR DELETE ON holdings_note_type
    FOR EACH STATEMENT EXECUTE FUNCTION availability_names_changed();
CREATE TRIGGER mode_of_issuance_availability AFTER INSERT OR UPDATE OR DELETE ON mode_of_issuance
    FOR EACH STATEMENT EXECUTE FUNCTION availability_names_changed();
