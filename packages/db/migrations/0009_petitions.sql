CREATE TABLE "petition_signature_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"petition_id" integer NOT NULL,
	"position" integer NOT NULL,
	"action" text NOT NULL,
	"signer" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "petition_signature_links_action_check" CHECK ("petition_signature_links"."action" in ('sign', 'withdraw'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "petition_co_authors" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "petition_press_releases" ADD COLUMN "recipients" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "petition_press_releases" ADD COLUMN "contact" text;--> statement-breakpoint
ALTER TABLE "petition_press_releases" ADD COLUMN "pdf_file_id" integer;--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD COLUMN "profession" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD COLUMN "specialty_id" integer;--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD COLUMN "county_id" integer;--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD COLUMN "chain_position" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD COLUMN "chain_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "signature_goal" integer;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "recipient" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "chain_length" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "chain_head" text;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "delivered_count" integer;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "delivered_chain_length" integer;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "ending_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "petitions" ADD COLUMN "ended_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "petition_signature_links" ADD CONSTRAINT "petition_signature_links_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "petition_signature_links_petition_position_uq" ON "petition_signature_links" USING btree ("petition_id","position");--> statement-breakpoint
ALTER TABLE "petition_press_releases" ADD CONSTRAINT "petition_press_releases_pdf_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD CONSTRAINT "petition_signatures_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD CONSTRAINT "petition_signatures_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "petition_co_authors_user_id_idx" ON "petition_co_authors" USING btree ("user_id") WHERE "petition_co_authors"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "petition_co_authors_petition_user_uq" ON "petition_co_authors" USING btree ("petition_id","user_id") WHERE "petition_co_authors"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "petition_press_releases_pdf_file_id_idx" ON "petition_press_releases" USING btree ("pdf_file_id") WHERE "petition_press_releases"."pdf_file_id" is not null;--> statement-breakpoint
CREATE INDEX "petition_signatures_petition_id_id_idx" ON "petition_signatures" USING btree ("petition_id","id");--> statement-breakpoint
CREATE INDEX "petition_signatures_specialty_id_idx" ON "petition_signatures" USING btree ("specialty_id");--> statement-breakpoint
CREATE INDEX "petition_signatures_county_id_idx" ON "petition_signatures" USING btree ("county_id");--> statement-breakpoint
CREATE INDEX "petitions_title_trgm_idx" ON "petitions" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD CONSTRAINT "petition_signatures_profession_check" CHECK ("petition_signatures"."profession" in ('doctor', 'student', 'other'));--> statement-breakpoint
ALTER TABLE "petitions" ADD CONSTRAINT "petitions_signature_goal_check" CHECK ("petitions"."signature_goal" is null or "petitions"."signature_goal" > 0);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('comment', 'like', 'new_follower', 'follow_invitation', 'new_content', 'account_decision', 'chat_message', 'petition_milestone', 'petition_answer', 'petition_co_author', 'petition_ending', 'petition_ended'));--> statement-breakpoint
-- The petition list's cached counts (docs/how-to/paginated-list.md): signing only moves counters and the chain head.
INSERT INTO "list_versions" ("name", "version") VALUES ('petitions', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "petitions_list_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "petitions"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('petitions');--> statement-breakpoint
CREATE TRIGGER "petitions_list_version_update" AFTER UPDATE ON "petitions" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'signatures_count' - 'chain_length' - 'chain_head' - 'updated_at' - 'delivered_at' - 'delivered_count' - 'delivered_chain_length' - 'ending_notified_at' - 'ended_notified_at') IS DISTINCT FROM (to_jsonb(NEW) - 'signatures_count' - 'chain_length' - 'chain_head' - 'updated_at' - 'delivered_at' - 'delivered_count' - 'delivered_chain_length' - 'ending_notified_at' - 'ended_notified_at'))
  EXECUTE FUNCTION "raise_list_version"('petitions');--> statement-breakpoint
CREATE TRIGGER "petition_specialties_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "petition_specialties"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('petitions');
