-- Lost items: the loan's lost item fee policy and its aged-to-lost billing state become typed columns, so the two
-- age-to-lost jobs select their work through indexes instead of reading every open loan's jsonb.
ALTER TABLE loan ADD COLUMN lost_item_policy_id uuid;
ALTER TABLE loan ADD COLUMN aged_to_lost_bill_date timestamptz;
ALTER TABLE loan ADD COLUMN lost_item_has_been_billed boolean;

UPDATE loan SET lost_item_policy_id = (jsonb->>'lostItemPolicyId')::uuid
WHERE jsonb->>'lostItemPolicyId' ~ '^[0-9a-fA-F-]{36}$';
UPDATE loan SET aged_to_lost_bill_date = (jsonb->'agedToLostDelayedBilling'->>'dateLostItemShouldBeBilled')::timestamptz,
                lost_item_has_been_billed = (jsonb->'agedToLostDelayedBilling'->>'lostItemHasBeenBilled')::boolean
WHERE jsonb ? 'agedToLostDelayedBilling';

-- Age to lost: open overdue loans whose item is not already lost or claimed returned, oldest due date first. The
-- predicate on the action leaves out the loans already aged, declared lost or claimed returned (the item status is
-- checked too, this only keeps them out of the scan).
CREATE INDEX loan_age_to_lost_idx ON loan (due_date)
    WHERE status_name = 'Open' AND action NOT IN ('declaredLost', 'itemAgedToLost', 'claimedReturned');
-- Billing of aged-to-lost items: only the loans still waiting to be billed.
CREATE INDEX loan_aged_to_lost_billing_idx ON loan (aged_to_lost_bill_date)
    WHERE status_name = 'Open' AND lost_item_has_been_billed = false;
