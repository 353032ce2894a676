-- Request expiry (circulation/RequestExpiry.java) and the hold shelf clearance report (HoldShelfClearance.java).
-- FOLIO's storage trigger sets awaitingPickupRequestClosedDate when a request leaves the hold shelf unfilled; the report
-- takes each item's latest such request.
ALTER TABLE request ADD COLUMN awaiting_pickup_request_closed_date timestamptz;
UPDATE request SET awaiting_pickup_request_closed_date = (jsonb->>'awaitingPickupRequestClosedDate')::timestamptz
  WHERE jsonb->>'awaitingPickupRequestClosedDate' IS NOT NULL;
-- The expiry job's two range scans: only open requests are indexed, so the indexes stay small.
CREATE INDEX request_expiration_open_idx ON request (request_expiration_date)
  WHERE status IN ('Open - Not yet filled', 'Open - In transit', 'Open - Awaiting delivery');
CREATE INDEX request_hold_shelf_expiration_idx ON request (hold_shelf_expiration_date)
  WHERE status = 'Open - Awaiting pickup';
-- The clearance report: only requests that left a hold shelf unfilled are indexed.
CREATE INDEX request_closed_off_shelf_idx ON request (item_id, awaiting_pickup_request_closed_date DESC)
  WHERE status IN ('Closed - Pickup expired', 'Closed - Cancelled') AND awaiting_pickup_request_closed_date IS NOT NULL;
