-- Events a consumer has applied but not yet made durable (the embedded search index commits every few seconds, not
-- per batch: EventDispatcher). They stay in the outbox, marked, until that consumer's flush; a restart re-delivers
-- them. No index on the flag: marked rows are few (seconds' worth) and a HOT update keeps marking them cheap.
ALTER TABLE outbox ADD COLUMN delivered boolean NOT NULL DEFAULT false;
