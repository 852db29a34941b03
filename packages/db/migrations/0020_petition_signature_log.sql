CREATE TABLE "petition_count_corrections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"petition_id" integer NOT NULL,
	"field" text NOT NULL,
	"was" integer NOT NULL,
	"now" integer NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "petition_log_checkpoints" (
	"tree_size" bigint PRIMARY KEY NOT NULL,
	"root_hash" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "petition_log_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "petition_log_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"leaf_index" bigint,
	"petition_id" integer NOT NULL,
	"action" text NOT NULL,
	"signer" text NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"profession" text DEFAULT 'other' NOT NULL,
	"specialty_id" integer,
	"county_id" integer,
	"signed_day" date NOT NULL,
	CONSTRAINT "petition_log_entries_action_check" CHECK ("petition_log_entries"."action" in ('sign', 'withdraw'))
);
--> statement-breakpoint
CREATE TABLE "petition_log_nodes" (
	"level" smallint NOT NULL,
	"idx" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	CONSTRAINT "petition_log_nodes_level_idx_pk" PRIMARY KEY("level","idx")
);
--> statement-breakpoint
CREATE TABLE "petition_stat_counts" (
	"petition_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "petition_stat_counts_petition_id_dimension_key_pk" PRIMARY KEY("petition_id","dimension","key"),
	CONSTRAINT "petition_stat_counts_dimension_check" CHECK ("petition_stat_counts"."dimension" in ('profession', 'specialty', 'county', 'day'))
);
--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD COLUMN "log_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "log_length" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "delivered_tree_size" bigint;--> statement-breakpoint
ALTER TABLE "petition_stat_counts" ADD CONSTRAINT "petition_stat_counts_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "petition_count_corrections_created_at_idx" ON "petition_count_corrections" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "petition_log_entries_leaf_index_uq" ON "petition_log_entries" USING btree ("leaf_index");--> statement-breakpoint
CREATE INDEX "petition_log_entries_waiting_idx" ON "petition_log_entries" USING btree ("id") WHERE "petition_log_entries"."leaf_index" is null;--> statement-breakpoint
CREATE INDEX "petition_log_entries_petition_leaf_idx" ON "petition_log_entries" USING btree ("petition_id","leaf_index");--> statement-breakpoint
CREATE INDEX "petition_signatures_log_entry_id_idx" ON "petition_signatures" USING btree ("log_entry_id");--> statement-breakpoint
-- hand-written: keep when renumbering
-- The hash chains move into the signature log (issue 28): every link becomes an entry, in the order
-- the links were written (link id), so the sequencer gives migrated entries leaf indexes 0 .. M-1 in
-- that order (leaf_index = id - 1: the table is new). Each signer gets a random salt per petition;
-- the entry's signer is sha256 of `<salt>:<old signer>`, the old signer being sha256 of petition and
-- account (`logSigner` in packages/db/src/petition-log.ts does the same for new entries). The counts
-- and statistics the petitions show now stay as they are: the counter's cursor starts after the
-- migrated entries, and the statistics are copied from the current signatures. The drops the
-- schema makes (the chain columns and links table) come after the copy, so they are written here too.
CREATE TEMPORARY TABLE petition_log_salts AS
  SELECT petition_id, signer,
    encode(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())), 'hex') AS salt
  FROM (SELECT DISTINCT petition_id, signer FROM petition_signature_links) signers;--> statement-breakpoint
-- Link id -> the entry id it becomes (its place in the log, from 1).
CREATE TEMPORARY TABLE petition_log_order AS
  SELECT id AS link_id, petition_id, position, row_number() OVER (ORDER BY id) AS entry_id FROM petition_signature_links;--> statement-breakpoint
CREATE UNIQUE INDEX ON petition_log_order (petition_id, position);--> statement-breakpoint
INSERT INTO petition_log_entries (petition_id, action, signer, salt, created_at, profession, specialty_id, county_id, signed_day)
SELECT l.petition_id, l.action, encode(sha256(convert_to(s.salt || ':' || l.signer, 'UTF8')), 'hex'), s.salt,
  date_trunc('milliseconds', l.created_at),
  coalesce(sig.profession, 'other'), sig.specialty_id, sig.county_id,
  (coalesce(signed.created_at, l.created_at) AT TIME ZONE 'Europe/Oslo')::date
FROM petition_signature_links l
JOIN petition_log_salts s ON s.petition_id = l.petition_id AND s.signer = l.signer
-- A withdrawal's day is the day of the signature it withdraws (the last sign link before it).
LEFT JOIN LATERAL (
  SELECT p.created_at, p.position FROM petition_signature_links p
  WHERE p.petition_id = l.petition_id AND p.signer = l.signer AND p.action = 'sign' AND p.position <= l.position
  ORDER BY p.position DESC LIMIT 1
) signed ON true
-- The statistics of a signature still there (a withdrawn one counts nowhere, sign and withdrawal alike).
LEFT JOIN petition_signatures sig ON sig.petition_id = l.petition_id AND sig.chain_position = signed.position
ORDER BY l.id;--> statement-breakpoint
UPDATE petition_signatures sig SET log_entry_id = e.id
FROM petition_log_order o, petition_log_entries e
WHERE o.petition_id = sig.petition_id AND o.position = sig.chain_position AND e.id = o.entry_id;--> statement-breakpoint
UPDATE petitions p SET log_length = p.chain_length,
  delivered_tree_size = CASE WHEN p.delivered_at IS NULL THEN NULL
    WHEN coalesce(p.delivered_chain_length, 0) = 0 THEN 0
    ELSE (SELECT o.entry_id FROM petition_log_order o WHERE o.petition_id = p.id AND o.position = p.delivered_chain_length) END;--> statement-breakpoint
INSERT INTO petition_log_cursors (name, position) SELECT 'counts', count(*) FROM petition_log_entries;--> statement-breakpoint
INSERT INTO petition_stat_counts (petition_id, dimension, key, count)
SELECT petition_id, 'profession', profession, count(*)::int FROM petition_signatures GROUP BY 1, 3
UNION ALL SELECT petition_id, 'specialty', coalesce(specialty_id::text, 'none'), count(*)::int FROM petition_signatures GROUP BY 1, 3
UNION ALL SELECT petition_id, 'county', coalesce(county_id::text, 'none'), count(*)::int FROM petition_signatures GROUP BY 1, 3
UNION ALL SELECT petition_id, 'day', ((created_at AT TIME ZONE 'Europe/Oslo')::date)::text, count(*)::int FROM petition_signatures GROUP BY 1, 3;--> statement-breakpoint
DROP TABLE "petition_signature_links" CASCADE;--> statement-breakpoint
ALTER TABLE "petition_signatures" ALTER COLUMN "log_entry_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "petition_signatures" DROP COLUMN "chain_position";--> statement-breakpoint
ALTER TABLE "petition_signatures" DROP COLUMN "chain_hash";--> statement-breakpoint
ALTER TABLE "petitions" DROP COLUMN "chain_length";--> statement-breakpoint
ALTER TABLE "petitions" DROP COLUMN "chain_head";--> statement-breakpoint
ALTER TABLE "petitions" DROP COLUMN "delivered_chain_length";--> statement-breakpoint
DROP TABLE petition_log_salts;--> statement-breakpoint
DROP TABLE petition_log_order;

