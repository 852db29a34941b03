CREATE TABLE "course_moderation_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"admin_user_id" integer,
	"decision" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_moderation_decisions_decision_check" CHECK ("course_moderation_decisions"."decision" in ('approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "course_subscriptions" ADD COLUMN "status" text DEFAULT 'attending' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
-- Hand-edited: existing rows get their end before the column becomes NOT NULL.
UPDATE "courses" SET "ends_at" = "start_at" + make_interval(mins => "duration_minutes");--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "hospital_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "clinic_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "credit_hours" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "credit_approved_by" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "sponsor_name" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "food_served" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "audience" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "max_attendees" integer;--> statement-breakpoint
ALTER TABLE "course_moderation_decisions" ADD CONSTRAINT "course_moderation_decisions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_moderation_decisions" ADD CONSTRAINT "course_moderation_decisions_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_moderation_decisions_course_id_idx" ON "course_moderation_decisions" USING btree ("course_id","id");--> statement-breakpoint
CREATE INDEX "course_moderation_decisions_admin_user_id_idx" ON "course_moderation_decisions" USING btree ("admin_user_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_subscriptions_course_status_id_idx" ON "course_subscriptions" USING btree ("course_id","status","id");--> statement-breakpoint
CREATE INDEX "courses_status_start_at_idx" ON "courses" USING btree ("status","start_at","id");--> statement-breakpoint
CREATE INDEX "courses_status_ends_at_idx" ON "courses" USING btree ("status","ends_at","id");--> statement-breakpoint
CREATE INDEX "courses_status_submitted_at_idx" ON "courses" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "courses_hospital_id_idx" ON "courses" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "courses_clinic_id_idx" ON "courses" USING btree ("clinic_id");--> statement-breakpoint
ALTER TABLE "course_subscriptions" ADD CONSTRAINT "course_subscriptions_status_check" CHECK ("course_subscriptions"."status" in ('attending', 'waiting'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_max_attendees_check" CHECK ("courses"."max_attendees" is null or "courses"."max_attendees" > 0);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_ends_at_check" CHECK ("courses"."ends_at" = "courses"."start_at" + make_interval(mins => "courses"."duration_minutes"));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_sponsored_no_credit_check" CHECK ("courses"."sponsor_name" is null or "courses"."credit_hours" is null);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_credit_hours_check" CHECK ("courses"."credit_hours" is null or "courses"."credit_hours" > 0);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_type_check" CHECK ("courses"."type" in ('course', 'webinar', 'lunch_meeting', 'small_group'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('comment', 'like', 'new_follower', 'follow_invitation', 'new_content', 'account_decision', 'chat_message', 'petition_milestone', 'petition_answer', 'petition_co_author', 'petition_ending', 'petition_ended', 'course_decision', 'course_cancelled', 'course_seat_offered'));--> statement-breakpoint
-- Hand-written: the course catalogue's counts are cached like the jobs board's (migration 0008).
-- The attendee counter, updated_at and the uploaded video do not change what a list shows.
INSERT INTO "list_versions" ("name", "version") VALUES ('courses', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "courses_list_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('courses');--> statement-breakpoint
CREATE TRIGGER "courses_list_version_update" AFTER UPDATE ON "courses" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'attendees_count' - 'updated_at' - 'video_file_id' - 'video_uploaded_at') IS DISTINCT FROM (to_jsonb(NEW) - 'attendees_count' - 'updated_at' - 'video_file_id' - 'video_uploaded_at'))
  EXECUTE FUNCTION "raise_list_version"('courses');--> statement-breakpoint
CREATE TRIGGER "course_specialties_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_specialties"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('courses');
