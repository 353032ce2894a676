-- Item-level circulation requests (FOLIO's mod-circulation-storage "request"): Page, Hold, Recall.
-- The queue of an item is its open requests ordered by position; one indexed query reads it (RequestQueue.java).
CREATE TABLE request (
    id uuid PRIMARY KEY,
    jsonb jsonb NOT NULL,
    created_date timestamptz,
    updated_date timestamptz,
    request_type text,
    request_level text,
    status text NOT NULL,
    item_id uuid,
    instance_id uuid,
    holdings_record_id uuid,
    requester_id uuid,
    proxy_user_id uuid,
    pickup_service_point_id uuid,
    fulfillment_preference text,
    position integer,
    request_date timestamptz,
    request_expiration_date timestamptz,
    hold_shelf_expiration_date timestamptz
);
-- The queue of an item: check-out and check-in read it inside their transaction.
CREATE INDEX request_item_open_queue_idx ON request (item_id, position) WHERE status LIKE 'Open%';
CREATE INDEX request_item_id_idx ON request (item_id);
-- The check-out screen's "(requesterId==U and status==...)".
CREATE INDEX request_requester_status_idx ON request (requester_id, status);
CREATE INDEX request_request_date_idx ON request (request_date);
