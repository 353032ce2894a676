-- OAI-PMH (mod-oai-pmh with recordsSource "Source record storage"): the harvestable records are the current MARC
-- bibs of SRS linked to an instance (ACTUAL, or DELETED as tombstones), in datestamp order. A page of ListRecords is
-- one keyset step over this index: (updated_date, id) > (last harvested) AND updated_date <= the frozen until.
CREATE INDEX srs_record_oai_idx ON srs_record (updated_date, id)
    WHERE record_type = 'MARC_BIB' AND state IN ('ACTUAL', 'DELETED') AND instance_id IS NOT NULL;

-- Deleting an instance leaves a persistent tombstone for harvesters (OAI-PMH deletedRecord "persistent"): its
-- current SRS MARC bib becomes DELETED with Leader/05 'd' and a new datestamp, as SRS's own DELETE does
-- (SrsRecords.delete; mod-source-record-storage RecordServiceImpl.deleteRecordById), so an incremental harvest
-- from before the deletion reports it. A trigger, so that every path that deletes instances (storage API, batch,
-- CQL delete) leaves one.
-- SET search_path FROM CURRENT: the function runs in the tenant schema it was created in, whoever deletes.
CREATE FUNCTION oai_instance_deleted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
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
    RETURN OLD;
END $$;

CREATE TRIGGER instance_oai_tombstone AFTER DELETE ON instance
    FOR EACH ROW EXECUTE FUNCTION oai_instance_deleted();
