-- Title-level requests (TLR), delivery, move and pick slips.
-- mod-circulation-storage's circulation settings ({id, name, value}); mod-circulation reads the TLR feature from the
-- settings named "TLR", "generalTlr" and "regularTlr" (circulation/TlrSettings.java).
CREATE TABLE circulation_setting (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    name text NOT NULL
);
CREATE INDEX circulation_setting_name_idx ON circulation_setting (name);

-- The queue of an instance (title-level and item-level requests together when the TLR feature is on).
CREATE INDEX request_instance_open_queue_idx ON request (instance_id, position) WHERE status LIKE 'Open%';
-- Pick slips: open pages, found from the item side.
CREATE INDEX request_open_page_idx ON request (item_id) WHERE request_type = 'Page' AND status = 'Open - Not yet filled';
-- The locations a service point is primary for (pick slips, title-level page choice).
CREATE INDEX location_primary_service_point_idx ON location (primary_service_point);
-- The title-level requests of an instance that no copy fills yet: check-in and check-out read them with the item's queue.
CREATE INDEX request_instance_unfilled_title_idx ON request (instance_id, position) WHERE status LIKE 'Open%' AND item_id IS NULL;
