ALTER TABLE "petition_log_entries" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "stats_anonymous_upto" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written: keep when renumbering
-- Anonymous signatures already in the log are marked (from their signature rows), and the statistics
-- are taken to hold every entry the counter has folded so far (as it did): from now on anonymous
-- signatures and their withdrawals enter the statistics five signers at once (docs/petitions.md).
UPDATE "petition_log_entries" e SET "anonymous" = true FROM "petition_signatures" s WHERE s."log_entry_id" = e."id" AND s."anonymous";--> statement-breakpoint
UPDATE "petitions" SET "stats_anonymous_upto" = coalesce((SELECT "position" FROM "petition_log_cursors" WHERE "name" = 'counts'), 0);
