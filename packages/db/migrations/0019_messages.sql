CREATE TABLE "conversation_participants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"user_id" integer,
	"partner_company_id" integer,
	"state" text DEFAULT 'active' NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"muted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participants_state_check" CHECK ("conversation_participants"."state" in ('active', 'request', 'declined', 'left', 'removed')),
	CONSTRAINT "conversation_participants_one_party_check" CHECK (num_nonnulls("conversation_participants"."user_id", "conversation_participants"."partner_company_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text,
	"created_by_user_id" integer,
	"direct_key" text,
	"topic_type" text,
	"topic_id" bigint,
	"topic_title" text,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_direct_key_unique" UNIQUE("direct_key"),
	CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('direct', 'group')),
	CONSTRAINT "conversations_topic_type_check" CHECK ("conversations"."topic_type" in ('job', 'course')),
	CONSTRAINT "conversations_topic_check" CHECK (("conversations"."topic_type" is null) = ("conversations"."topic_id" is null)),
	CONSTRAINT "conversations_direct_key_check" CHECK (("conversations"."kind" = 'direct') = ("conversations"."direct_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"file_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_attachments_kind_check" CHECK ("message_attachments"."kind" in ('image', 'document'))
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint,
	"reporter_user_id" integer,
	"reported_user_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"messages" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reports_status_check" CHECK ("message_reports"."status" in ('open', 'dismissed', 'warned', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"sender_user_id" integer,
	"sender_company_id" integer,
	"body" text DEFAULT '' NOT NULL,
	"reply_to_id" bigint,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('norwegian'::regconfig, coalesce("body", '')), 'A')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"who_can_message" text DEFAULT 'health_personnel' NOT NULL,
	"suspended_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_settings_who_check" CHECK ("messaging_settings"."who_can_message" in ('health_personnel', 'mutual', 'nobody'))
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_user_id" integer NOT NULL,
	"blocked_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_user_id_blocked_user_id_pk" PRIMARY KEY("blocker_user_id","blocked_user_id"),
	CONSTRAINT "user_blocks_no_self_check" CHECK ("user_blocks"."blocker_user_id" <> "user_blocks"."blocked_user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_entity_type_check";--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_kind_check";--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_company_id_partner_companies_id_fk" FOREIGN KEY ("sender_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reply_to_id_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_user_id_users_id_fk" FOREIGN KEY ("blocker_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_user_id_users_id_fk" FOREIGN KEY ("blocked_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_participants_user_idx" ON "conversation_participants" USING btree ("conversation_id","user_id") WHERE "conversation_participants"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_participants_company_idx" ON "conversation_participants" USING btree ("conversation_id","partner_company_id") WHERE "conversation_participants"."partner_company_id" is not null;--> statement-breakpoint
CREATE INDEX "conversation_participants_user_inbox_idx" ON "conversation_participants" USING btree ("user_id","last_activity_at" DESC NULLS LAST,"conversation_id" DESC NULLS LAST) WHERE "conversation_participants"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "conversation_participants_company_inbox_idx" ON "conversation_participants" USING btree ("partner_company_id","last_activity_at" DESC NULLS LAST,"conversation_id" DESC NULLS LAST) WHERE "conversation_participants"."partner_company_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_created_by_user_id_idx" ON "conversations" USING btree ("created_by_user_id") WHERE "conversations"."created_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "message_attachments_file_id_idx" ON "message_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "message_attachments_message_id_position_idx" ON "message_attachments" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "message_reports_status_created_idx" ON "message_reports" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_reports_reporter_idx" ON "message_reports" USING btree ("reporter_user_id") WHERE "message_reports"."reporter_user_id" is not null;--> statement-breakpoint
CREATE INDEX "message_reports_reported_idx" ON "message_reports" USING btree ("reported_user_id") WHERE "message_reports"."reported_user_id" is not null;--> statement-breakpoint
CREATE INDEX "message_reports_decided_by_idx" ON "message_reports" USING btree ("decided_by_user_id") WHERE "message_reports"."decided_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "message_reports_conversation_idx" ON "message_reports" USING btree ("conversation_id") WHERE "message_reports"."conversation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_seq_idx" ON "messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "messages_sender_user_id_idx" ON "messages" USING btree ("sender_user_id") WHERE "messages"."sender_user_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_reply_to_id_idx" ON "messages" USING btree ("reply_to_id") WHERE "messages"."reply_to_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_entity_type_check" CHECK ("notifications"."entity_type" in ('post', 'post_comment', 'petition', 'course', 'job', 'product', 'partner_company', 'user', 'follow_invitation', 'account_decision', 'conversation'));--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('avatar', 'profile_background', 'company_logo', 'company_background', 'job_logo', 'post_image', 'post_document', 'message_image', 'message_document', 'product_image', 'course_video', 'petition_attachment', 'media_video', 'media_audio', 'media_poster', 'media_captions', 'image'));