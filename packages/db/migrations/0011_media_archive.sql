CREATE TABLE "media_caption_cues" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"start_seconds" integer NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('norwegian'::regconfig, coalesce("text", '')), 'A')) STORED NOT NULL,
	CONSTRAINT "media_caption_cues_kind_check" CHECK ("media_caption_cues"."kind" in ('video', 'audio'))
);
--> statement-breakpoint
CREATE TABLE "media_positions" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"position_seconds" integer NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_positions_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id"),
	CONSTRAINT "media_positions_kind_check" CHECK ("media_positions"."kind" in ('video', 'audio')),
	CONSTRAINT "media_positions_position_check" CHECK ("media_positions"."position_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "media_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"resume" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "podcast_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_kind_check";--> statement-breakpoint
DROP INDEX "audio_tracks_category_published_at_idx";--> statement-breakpoint
DROP INDEX "videos_category_published_at_idx";--> statement-breakpoint
ALTER TABLE "audio_tracks" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD COLUMN "embed_code" text;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD COLUMN "poster_file_id" integer;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD COLUMN "captions_file_id" integer;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD COLUMN "access_level" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD COLUMN "specialty_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "poster_file_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "captions_file_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "access_level" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "specialty_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "media_positions" ADD CONSTRAINT "media_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_preferences" ADD CONSTRAINT "media_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_feeds" ADD CONSTRAINT "podcast_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_caption_cues_item_idx" ON "media_caption_cues" USING btree ("kind","item_id","start_seconds");--> statement-breakpoint
CREATE INDEX "media_caption_cues_search_idx" ON "media_caption_cues" USING gin ("search");--> statement-breakpoint
CREATE INDEX "media_positions_continue_idx" ON "media_positions" USING btree ("user_id","kind","updated_at" DESC NULLS LAST) WHERE not "media_positions"."completed";--> statement-breakpoint
CREATE INDEX "media_positions_item_idx" ON "media_positions" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "podcast_feeds_user_id_idx" ON "podcast_feeds" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD CONSTRAINT "audio_tracks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD CONSTRAINT "audio_tracks_poster_file_id_stored_files_id_fk" FOREIGN KEY ("poster_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD CONSTRAINT "audio_tracks_captions_file_id_stored_files_id_fk" FOREIGN KEY ("captions_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_poster_file_id_stored_files_id_fk" FOREIGN KEY ("poster_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_captions_file_id_stored_files_id_fk" FOREIGN KEY ("captions_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_tracks_file_id_idx" ON "audio_tracks" USING btree ("file_id") WHERE "audio_tracks"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "audio_tracks_poster_file_id_idx" ON "audio_tracks" USING btree ("poster_file_id") WHERE "audio_tracks"."poster_file_id" is not null;--> statement-breakpoint
CREATE INDEX "audio_tracks_captions_file_id_idx" ON "audio_tracks" USING btree ("captions_file_id") WHERE "audio_tracks"."captions_file_id" is not null;--> statement-breakpoint
CREATE INDEX "videos_file_id_idx" ON "videos" USING btree ("file_id") WHERE "videos"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "videos_poster_file_id_idx" ON "videos" USING btree ("poster_file_id") WHERE "videos"."poster_file_id" is not null;--> statement-breakpoint
CREATE INDEX "videos_captions_file_id_idx" ON "videos" USING btree ("captions_file_id") WHERE "videos"."captions_file_id" is not null;--> statement-breakpoint
CREATE INDEX "audio_tracks_category_published_at_idx" ON "audio_tracks" USING btree ("category_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_category_published_at_idx" ON "videos" USING btree ("category_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD CONSTRAINT "audio_tracks_access_level_check" CHECK ("audio_tracks"."access_level" in ('all', 'doctors', 'specialties'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_access_level_check" CHECK ("videos"."access_level" in ('all', 'doctors', 'specialties'));--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('avatar', 'profile_background', 'company_logo', 'company_background', 'job_logo', 'post_image', 'post_document', 'product_image', 'course_video', 'petition_attachment', 'media_video', 'media_audio', 'media_poster', 'media_captions', 'image'));