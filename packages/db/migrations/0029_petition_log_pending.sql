CREATE TABLE "petition_log_pending" (
	"id" bigint PRIMARY KEY DEFAULT nextval('petition_log_entries_id_seq') NOT NULL,
	"petition_id" integer NOT NULL,
	"action" text NOT NULL,
	"signer" text NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"profession" text DEFAULT 'other' NOT NULL,
	"specialty_id" integer,
	"county_id" integer,
	"signed_day" date NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	CONSTRAINT "petition_log_pending_action_check" CHECK ("petition_log_pending"."action" in ('sign', 'withdraw'))
);
--> statement-breakpoint
-- hand-written: keep when renumbering
-- The log is written once per entry: an entry waits in petition_log_pending (under the id it keeps)
-- and the sequencer inserts it into petition_log_entries with its leaf_index, instead of inserting it
-- there and updating leaf_index later (a dead row per entry: docs/petitions.md, "The signature log").
-- The entries still waiting move to the queue, in id order, so the sequencer takes them as before.
INSERT INTO "petition_log_pending" ("id", "petition_id", "action", "signer", "salt", "created_at", "profession", "specialty_id", "county_id", "signed_day", "anonymous")
SELECT "id", "petition_id", "action", "signer", "salt", "created_at", "profession", "specialty_id", "county_id", "signed_day", "anonymous"
FROM "petition_log_entries" WHERE "leaf_index" IS NULL ORDER BY "id";--> statement-breakpoint
DELETE FROM "petition_log_entries" WHERE "leaf_index" IS NULL;--> statement-breakpoint
DROP INDEX "petition_log_entries_waiting_idx";--> statement-breakpoint
ALTER TABLE "petition_log_entries" ALTER COLUMN "leaf_index" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "petition_log_pending_petition_id_idx" ON "petition_log_pending" USING btree ("petition_id");