-- V46 leaves alone an instance whose version row this transaction wrote (xmin = pg_current_xact_id()), so that a
-- data import's new holdings and items do not re-version the instance created with them. But a data import writes
-- each chunk under a savepoint (a failing chunk is redone record by record), and a row written in a subtransaction
-- has the subtransaction's xid: every new holdings record and item re-versioned its instance, 200,000 row updates and
-- 35 MB of WAL for a 100,000-record import (docs/benchmarks.md, issue 14). Now the new rows' own xmin is compared too:
-- a version row written by the (sub)transaction that wrote the holdings record or item is left alone.
CREATE OR REPLACE FUNCTION availability_holdings_created() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE availability_version v SET version = nextval('availability_version_seq')
      FROM (SELECT h.instance_id, h.xmin AS writer FROM holdings_record h WHERE h.id IN (SELECT id FROM new_rows)) n
     WHERE v.instance_id = n.instance_id AND v.xmin <> n.writer AND v.xmin <> pg_current_xact_id()::xid;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION availability_items_created() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE availability_version v SET version = nextval('availability_version_seq')
      FROM (SELECT h.instance_id, i.xmin AS writer FROM item i JOIN holdings_record h ON h.id = i.holdings_record_id
             WHERE i.id IN (SELECT id FROM new_rows)) n
     WHERE v.instance_id = n.instance_id AND v.xmin <> n.writer AND v.xmin <> pg_current_xact_id()::xid;
    RETURN NULL;
END $$;
