CREATE TABLE "alert_matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"title" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_matches_alert_item_key" UNIQUE("alert_id","item_type","item_id"),
	CONSTRAINT "alert_matches_item_type_check" CHECK ("alert_matches"."item_type" in ('job', 'course', 'petition', 'video')),
	CONSTRAINT "alert_matches_frequency_check" CHECK ("alert_matches"."frequency" in ('immediate', 'daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "alert_scans" (
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"matches" integer NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_scans_item_type_item_id_pk" PRIMARY KEY("item_type","item_id"),
	CONSTRAINT "alert_scans_item_type_check" CHECK ("alert_scans"."item_type" in ('job', 'course', 'petition', 'video'))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"frequency" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"specialty_keys" integer[] DEFAULT '{0}' NOT NULL,
	"county_keys" integer[] DEFAULT '{0}' NOT NULL,
	"city_keys" integer[] DEFAULT '{0}' NOT NULL,
	"category_keys" integer[] DEFAULT '{0}' NOT NULL,
	"variant_keys" text[] DEFAULT '{*}' NOT NULL,
	"search_lexemes" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_type_check" CHECK ("alerts"."type" in ('job', 'course', 'petition', 'video')),
	CONSTRAINT "alerts_frequency_check" CHECK ("alerts"."frequency" in ('immediate', 'daily', 'weekly')),
	CONSTRAINT "alerts_name_check" CHECK (char_length("alerts"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "post_mentions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"comment_id" bigint,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_mentions_post_comment_user_key" UNIQUE NULLS NOT DISTINCT("post_id","comment_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification_groups" DROP CONSTRAINT "notification_groups_kind_check";--> statement-breakpoint
ALTER TABLE "notification_groups" DROP CONSTRAINT "notification_groups_entity_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_entity_type_check";--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_comment_id_post_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_matches_digest_idx" ON "alert_matches" USING btree ("user_id","matched_at","id") WHERE "alert_matches"."frequency" <> 'immediate';--> statement-breakpoint
CREATE INDEX "alerts_user_id_id_idx" ON "alerts" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_job_match_idx" ON "alerts" USING gin ("specialty_keys","county_keys","city_keys","category_keys","variant_keys","search_lexemes") WITH (fastupdate=false) WHERE "alerts"."type" = 'job';--> statement-breakpoint
CREATE INDEX "alerts_course_match_idx" ON "alerts" USING gin ("specialty_keys","county_keys","city_keys","category_keys","variant_keys","search_lexemes") WITH (fastupdate=false) WHERE "alerts"."type" = 'course';--> statement-breakpoint
CREATE INDEX "alerts_petition_match_idx" ON "alerts" USING gin ("specialty_keys","county_keys","city_keys","category_keys","variant_keys","search_lexemes") WITH (fastupdate=false) WHERE "alerts"."type" = 'petition';--> statement-breakpoint
CREATE INDEX "alerts_video_match_idx" ON "alerts" USING gin ("specialty_keys","county_keys","city_keys","category_keys","variant_keys","search_lexemes") WITH (fastupdate=false) WHERE "alerts"."type" = 'video';--> statement-breakpoint
CREATE INDEX "post_mentions_comment_id_idx" ON "post_mentions" USING btree ("comment_id") WHERE "post_mentions"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "post_mentions_user_id_idx" ON "post_mentions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_kind_check" CHECK ("notification_groups"."kind" in ('comment', 'like', 'new_follower', 'follow_invitation', 'new_content', 'account_decision', 'chat_message', 'petition_milestone', 'petition_answer', 'petition_co_author', 'petition_ending', 'petition_ended', 'course_decision', 'course_cancelled', 'course_seat_offered', 'course_join_requested', 'course_join_decided', 'course_reminder', 'course_recording', 'share', 'alert_match', 'mention'));--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_entity_type_check" CHECK ("notification_groups"."entity_type" in ('post', 'post_comment', 'petition', 'course', 'job', 'product', 'partner_company', 'user', 'follow_invitation', 'account_decision', 'video', 'conversation'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('comment', 'like', 'new_follower', 'follow_invitation', 'new_content', 'account_decision', 'chat_message', 'petition_milestone', 'petition_answer', 'petition_co_author', 'petition_ending', 'petition_ended', 'course_decision', 'course_cancelled', 'course_seat_offered', 'course_join_requested', 'course_join_decided', 'course_reminder', 'course_recording', 'share', 'alert_match', 'mention'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_entity_type_check" CHECK ("notifications"."entity_type" in ('post', 'post_comment', 'petition', 'course', 'job', 'product', 'partner_company', 'user', 'follow_invitation', 'account_decision', 'video', 'conversation'));