CREATE TABLE "course_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"holder_name" text NOT NULL,
	"hpr_number" text,
	"profession" text,
	"course_title" text NOT NULL,
	"course_type" text NOT NULL,
	"course_start_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"credit_hours" numeric(4, 1),
	"credit_approved_by" text,
	"organiser" text NOT NULL,
	"minutes_watched" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_certificates_course_type_check" CHECK ("course_certificates"."course_type" in ('course', 'webinar', 'lunch_meeting', 'small_group'))
);
--> statement-breakpoint
CREATE TABLE "course_join_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_join_requests_status_check" CHECK ("course_join_requests"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "course_meeting_attendance" (
	"meeting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_meeting_attendance_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"held_on" date NOT NULL,
	"topic" text NOT NULL,
	"hours" numeric(4, 1) NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_meetings_hours_check" CHECK ("course_meetings"."hours" > 0 and "course_meetings"."hours" <= 24)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "course_certificates" ADD CONSTRAINT "course_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_certificates" ADD CONSTRAINT "course_certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_join_requests" ADD CONSTRAINT "course_join_requests_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_join_requests" ADD CONSTRAINT "course_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_join_requests" ADD CONSTRAINT "course_join_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_meeting_attendance" ADD CONSTRAINT "course_meeting_attendance_meeting_id_course_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."course_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_meeting_attendance" ADD CONSTRAINT "course_meeting_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_meetings" ADD CONSTRAINT "course_meetings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_meetings" ADD CONSTRAINT "course_meetings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_certificates_code_uq" ON "course_certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "course_certificates_user_course_uq" ON "course_certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "course_certificates_course_id_idx" ON "course_certificates" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_join_requests_course_user_uq" ON "course_join_requests" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "course_join_requests_course_status_id_idx" ON "course_join_requests" USING btree ("course_id","status","id");--> statement-breakpoint
CREATE INDEX "course_join_requests_user_id_idx" ON "course_join_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_join_requests_decided_by_idx" ON "course_join_requests" USING btree ("decided_by_user_id") WHERE "course_join_requests"."decided_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "course_meeting_attendance_user_id_idx" ON "course_meeting_attendance" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_meetings_course_held_on_idx" ON "course_meetings" USING btree ("course_id","held_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_meetings_created_by_idx" ON "course_meetings" USING btree ("created_by_user_id") WHERE "course_meetings"."created_by_user_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('comment', 'like', 'new_follower', 'follow_invitation', 'new_content', 'account_decision', 'chat_message', 'petition_milestone', 'petition_answer', 'petition_co_author', 'petition_ending', 'petition_ended', 'course_decision', 'course_cancelled', 'course_seat_offered', 'course_join_requested', 'course_join_decided'));