-- The item fields FOLIO's Inventory app sorts a holdings record's items by (ui-inventory useHoldingItemsQuery:
-- order/number, copyNumber, enumeration, chronology, volume, yearCaption; barcode and status.name were already
-- columns), as typed columns so CQL can sort and search them without reading jsonb.
-- order is an integer (mod-inventory-storage item.json); the strings are written by RecordStore from the JSON.
ALTER TABLE item ADD COLUMN item_order integer;
ALTER TABLE item ADD COLUMN copy_number text;
ALTER TABLE item ADD COLUMN enumeration text;
ALTER TABLE item ADD COLUMN chronology text;
ALTER TABLE item ADD COLUMN volume text;
-- yearCaption is an array of strings; RMB sorts by the array's text, i.e. by its first caption. A generated column
-- keeps that first caption without teaching RecordStore about arrays of strings.
ALTER TABLE item ADD COLUMN year_caption text GENERATED ALWAYS AS (jsonb -> 'yearCaption' ->> 0) STORED;

-- Existing rows: the same values RecordStore would write (scalars only; a stored object or array is left out,
-- and an order that is not an integer is left empty rather than failing the migration).
UPDATE item SET
    item_order = CASE WHEN jsonb ->> 'order' ~ '^-?[0-9]{1,9}$' THEN (jsonb ->> 'order')::integer END,
    copy_number = CASE WHEN jsonb_typeof(jsonb -> 'copyNumber') IN ('string', 'number', 'boolean')
                       THEN jsonb ->> 'copyNumber' END,
    enumeration = CASE WHEN jsonb_typeof(jsonb -> 'enumeration') IN ('string', 'number', 'boolean')
                       THEN jsonb ->> 'enumeration' END,
    chronology = CASE WHEN jsonb_typeof(jsonb -> 'chronology') IN ('string', 'number', 'boolean')
                      THEN jsonb ->> 'chronology' END,
    volume = CASE WHEN jsonb_typeof(jsonb -> 'volume') IN ('string', 'number', 'boolean')
                  THEN jsonb ->> 'volume' END
WHERE jsonb -> 'order' IS NOT NULL OR jsonb -> 'copyNumber' IS NOT NULL OR jsonb -> 'enumeration' IS NOT NULL
   OR jsonb -> 'chronology' IS NOT NULL OR jsonb -> 'volume' IS NOT NULL;

-- A holdings record's items in FOLIO's default order, and the highest order a move continues from.
CREATE INDEX item_holdings_record_id_order_idx ON item (holdings_record_id, item_order);
