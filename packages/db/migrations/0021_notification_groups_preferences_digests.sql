CREATE TABLE "digest_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"group_key" text,
	"kind" text NOT NULL,
	"entity_type" text,
	"entity_id" bigint,
	"actor_user_id" integer,
	"partner_company_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notification_count" integer DEFAULT 1 NOT NULL,
	"actor_count" integer DEFAULT 1 NOT NULL,
	"unread_count" integer DEFAULT 1 NOT NULL,
	"latest_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_round" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_groups_kind_check" CHECK ("notification_groups"."kind" in ('comment', 'like', 'new_follower', 'follow_invitation', 'new_content', 'account_decision', 'chat_message', 'petition_milestone', 'petition_answer', 'petition_co_author', 'petition_ending', 'petition_ended', 'course_decision', 'course_cancelled', 'course_seat_offered', 'course_join_requested', 'course_join_decided', 'course_reminder', 'course_recording', 'share')),
	CONSTRAINT "notification_groups_entity_type_check" CHECK ("notification_groups"."entity_type" in ('post', 'post_comment', 'petition', 'course', 'job', 'product', 'partner_company', 'user', 'follow_invitation', 'account_decision', 'conversation'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_hours_enabled" boolean DEFAULT true NOT NULL,
	"quiet_start_minute" smallint DEFAULT 1320 NOT NULL,
	"quiet_end_minute" smallint DEFAULT 420 NOT NULL,
	"digest" text DEFAULT 'weekly' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_digest_check" CHECK ("notification_preferences"."digest" in ('daily', 'weekly', 'off')),
	CONSTRAINT "notification_preferences_quiet_minutes_check" CHECK ("notification_preferences"."quiet_start_minute" between 0 and 1439 and "notification_preferences"."quiet_end_minute" between 0 and 1439)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_id" bigint;--> statement-breakpoint
ALTER TABLE "digest_runs" ADD CONSTRAINT "digest_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digest_runs_user_period_key" ON "digest_runs" USING btree ("user_id","period_key");--> statement-breakpoint
CREATE INDEX "digest_runs_user_created_at_idx" ON "digest_runs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notification_groups_user_key_key" ON "notification_groups" USING btree ("user_id","group_key") WHERE "notification_groups"."group_key" is not null;--> statement-breakpoint
CREATE INDEX "notification_groups_user_latest_idx" ON "notification_groups" USING btree ("user_id","latest_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_groups_user_unread_idx" ON "notification_groups" USING btree ("user_id") WHERE "notification_groups"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "notification_groups_actor_user_id_idx" ON "notification_groups" USING btree ("actor_user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_group_id_notification_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."notification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_group_created_at_idx" ON "notifications" USING btree ("group_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('comment', 'like', 'new_follower', 'follow_invitation', 'new_content', 'account_decision', 'chat_message', 'petition_milestone', 'petition_answer', 'petition_co_author', 'petition_ending', 'petition_ended', 'course_decision', 'course_cancelled', 'course_seat_offered', 'course_join_requested', 'course_join_decided', 'course_reminder', 'course_recording', 'share'));--> statement-breakpoint
-- hand-written: keep when renumbering
-- The group_id column above is added without NOT NULL (generated as NOT NULL, edited by hand): rows
-- written before grouping first get an entry of their own here, then the column becomes NOT NULL as
-- the schema says. A temporary key ties each new group to its notification.
INSERT INTO "notification_groups" ("user_id", "group_key", "kind", "entity_type", "entity_id", "actor_user_id", "partner_company_id", "data", "notification_count", "actor_count", "unread_count", "latest_at", "created_at", "updated_at")
SELECT "user_id", 'migrated:' || "id", "kind", "entity_type", "entity_id", "actor_user_id", "partner_company_id", "data", 1,
       CASE WHEN "actor_user_id" IS NULL THEN 0 ELSE 1 END, CASE WHEN "read_at" IS NULL THEN 1 ELSE 0 END, "created_at", "created_at", "created_at"
FROM "notifications";--> statement-breakpoint
UPDATE "notifications" n SET "group_id" = g."id"
FROM "notification_groups" g
WHERE g."user_id" = n."user_id" AND g."group_key" = 'migrated:' || n."id";--> statement-breakpoint
UPDATE "notification_groups" SET "group_key" = NULL WHERE "group_key" LIKE 'migrated:%';--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "group_id" SET NOT NULL;
