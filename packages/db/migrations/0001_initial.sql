CREATE TABLE "academic_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_levels_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_type_check" CHECK ("categories"."type" in ('company', 'course', 'product', 'petition', 'video', 'audio'))
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"county_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"city_id" integer,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinics_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "counties" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counties_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "frontend_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_clinic_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"hospital_clinic_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospital_clinic_departments_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "hospital_clinics" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"hospital_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospital_clinics_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "hospitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"health_trust" text,
	"city_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospitals_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "job_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "specialties" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specialties_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "universities" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"country_code" text NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "universities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "university_specialties" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "university_specialties_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "workplace_situations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workplace_situations_code_unique" UNIQUE("code"),
	CONSTRAINT "workplace_situations_code_check" CHECK ("workplace_situations"."code" in ('student', 'working', 'unemployed'))
);
--> statement-breakpoint
CREATE TABLE "account_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"admin_user_id" integer,
	"decision" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_decisions_decision_check" CHECK ("account_decisions"."decision" in ('approved', 'rejected', 'in_review', 'blocked', 'unblocked'))
);
--> statement-breakpoint
CREATE TABLE "custom_workplaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_verification_codes_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "hpr_register" (
	"id" serial PRIMARY KEY NOT NULL,
	"hpr_number" text NOT NULL,
	"national_id_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"profession" text NOT NULL,
	"has_authorisation" boolean DEFAULT false NOT NULL,
	"has_licence" boolean DEFAULT false NOT NULL,
	"specialty_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hpr_register_hpr_number_unique" UNIQUE("hpr_number"),
	CONSTRAINT "hpr_register_profession_check" CHECK ("hpr_register"."profession" in ('doctor', 'student', 'nurse', 'dentist', 'psychologist', 'physiotherapist', 'other'))
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text DEFAULT 'simulator' NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"person_first_name" text,
	"person_last_name" text,
	"person_birth_date" date,
	"person_national_id_hash" text,
	"error" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_sessions_status_check" CHECK ("identity_sessions"."status" in ('pending', 'completed', 'cancelled', 'expired')),
	CONSTRAINT "identity_sessions_provider_check" CHECK ("identity_sessions"."provider" in ('simulator', 'signicat'))
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"user_id" integer,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"template" text,
	"data" jsonb,
	"locale" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('mail', 'sms')),
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('queued', 'sent', 'failed')),
	CONSTRAINT "outbox_messages_locale_check" CHECK ("outbox_messages"."locale" in ('no', 'en'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token_families" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"active_partner_company_id" integer,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"family_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code"),
	CONSTRAINT "roles_code_check" CHECK ("roles"."code" in ('doctor', 'student', 'admin', 'company_manager'))
);
--> statement-breakpoint
CREATE TABLE "user_info" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"approved_hrp" smallint DEFAULT 0 NOT NULL,
	"hpr_number" text,
	"hpr_verified" boolean DEFAULT false NOT NULL,
	"hpr_checked_at" timestamp with time zone,
	"county_id" integer,
	"city_id" integer,
	"workplace_situation_id" integer,
	"workplace_hospital_id" integer,
	"workplace_clinic_id" integer,
	"workplace_custom_id" integer,
	"workplace_partner_company_id" integer,
	"workplace_name" text,
	"position" text,
	"about" text,
	"sms_webinar_reminders" boolean DEFAULT false NOT NULL,
	"email_webinar_reminders" boolean DEFAULT true NOT NULL,
	"important_updates" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_info_approved_hrp_check" CHECK ("user_info"."approved_hrp" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_specialties" (
	"user_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_specialties_user_id_specialty_id_pk" PRIMARY KEY("user_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" "citext" NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"search_name" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name")) STORED NOT NULL,
	"slug" text NOT NULL,
	"phone" text,
	"private_mobile" text,
	"birth_date" date,
	"national_id_hash" text,
	"status" text DEFAULT 'awaiting_approval' NOT NULL,
	"locale" text DEFAULT 'no' NOT NULL,
	"theme" text DEFAULT 'light' NOT NULL,
	"registered_via" text DEFAULT 'hpr_number' NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"no_sensitive_info_accepted_at" timestamp with time zone,
	"last_login_date" timestamp with time zone,
	"email_verified_at" timestamp with time zone,
	"two_factor_secret" text,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"two_factor_last_step" integer,
	"pending_email" "citext",
	"pending_email_token_hash" text,
	"pending_email_expires_at" timestamp with time zone,
	"profile_avatar" text,
	"profile_background" text,
	"sessions_valid_after" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"reason_to_delete" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_slug_unique" UNIQUE("slug"),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('awaiting_approval', 'in_review', 'approved', 'rejected', 'blocked')),
	CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('no', 'en')),
	CONSTRAINT "users_theme_check" CHECK ("users"."theme" in ('light', 'dark')),
	CONSTRAINT "users_registered_via_check" CHECK ("users"."registered_via" in ('identity_provider', 'hpr_number', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "educations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"university_id" integer,
	"university_specialty_id" integer,
	"academic_level_id" integer,
	"started_at" date NOT NULL,
	"graduated_at" date,
	"currently_studying" boolean DEFAULT false NOT NULL,
	"doctorate" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "educations_dates_check" CHECK ("educations"."graduated_at" is null or "educations"."graduated_at" >= "educations"."started_at")
);
--> statement-breakpoint
CREATE TABLE "professional_experiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"employer" text,
	"position" text,
	"field_of_work" text,
	"workplace_type" text NOT NULL,
	"hospital_id" integer,
	"hospital_clinic_id" integer,
	"department_id" integer,
	"department_name" text,
	"city_id" integer,
	"clinic_id" integer,
	"clinic_name" text,
	"custom_workplace_id" integer,
	"started_at" date NOT NULL,
	"finished_at" date,
	"is_current" boolean DEFAULT false NOT NULL,
	"resigned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_experiences_workplace_type_check" CHECK ("professional_experiences"."workplace_type" in ('hospital', 'general_practice', 'other')),
	CONSTRAINT "professional_experiences_dates_check" CHECK ("professional_experiences"."finished_at" is null or "professional_experiences"."finished_at" >= "professional_experiences"."started_at")
);
--> statement-breakpoint
CREATE TABLE "follow_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_company_id" integer NOT NULL,
	"invited_user_id" integer NOT NULL,
	"invited_by_user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_invitations_status_check" CHECK ("follow_invitations"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "partner_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"organisation_number" text,
	"email" text,
	"phone" text,
	"website" text,
	"address" text,
	"postal_code" text,
	"city_id" integer,
	"logo" text,
	"background" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_comments_allowed" boolean DEFAULT true NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer,
	"deleted_at" timestamp with time zone,
	"reason_to_delete" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_companies_slug_unique" UNIQUE("slug"),
	CONSTRAINT "partner_companies_followers_count_check" CHECK ("partner_companies"."followers_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "partner_company_categories" (
	"partner_company_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_company_categories_partner_company_id_category_id_pk" PRIMARY KEY("partner_company_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "partner_company_followers" (
	"partner_company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_company_followers_partner_company_id_user_id_pk" PRIMARY KEY("partner_company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "partner_company_managers" (
	"partner_company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_company_managers_partner_company_id_user_id_pk" PRIMARY KEY("partner_company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_follows" (
	"follower_id" integer NOT NULL,
	"followed_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_follows_follower_id_followed_user_id_pk" PRIMARY KEY("follower_id","followed_user_id"),
	CONSTRAINT "user_follows_no_self_check" CHECK ("user_follows"."follower_id" <> "user_follows"."followed_user_id")
);
--> statement-breakpoint
CREATE TABLE "course_specialties" (
	"course_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_specialties_course_id_specialty_id_pk" PRIMARY KEY("course_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "course_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_view_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target" text,
	"category_id" integer,
	"county_id" integer,
	"city_id" integer,
	"workplace_type" text,
	"start_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"subscription_deadline" timestamp with time zone,
	"host_name" text,
	"embed_code" text,
	"video_link" text,
	"video_storage_key" text,
	"video_uploaded_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"moderation_reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_user_id" integer,
	"cancelled_at" timestamp with time zone,
	"user_id" integer NOT NULL,
	"partner_company_id" integer,
	"attendees_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('norwegian'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('norwegian'::regconfig, coalesce("host_name", '')), 'B') || setweight(to_tsvector('norwegian'::regconfig, coalesce("description", '')), 'C') || setweight(to_tsvector('norwegian'::regconfig, coalesce("target", '')), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_type_check" CHECK ("courses"."type" in ('course', 'webinar')),
	CONSTRAINT "courses_status_check" CHECK ("courses"."status" in ('draft', 'submitted', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "courses_duration_minutes_check" CHECK ("courses"."duration_minutes" in (30, 60, 90, 120)),
	CONSTRAINT "courses_workplace_type_check" CHECK ("courses"."workplace_type" in ('hospital', 'general_practice', 'other')),
	CONSTRAINT "courses_attendees_count_check" CHECK ("courses"."attendees_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_specialties" (
	"job_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_specialties_job_id_specialty_id_pk" PRIMARY KEY("job_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "job_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"job_category_id" integer,
	"position_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"workplace_type" text,
	"hospital_id" integer,
	"clinic_id" integer,
	"work_address" text,
	"address_line" text,
	"postal_code" text,
	"city_area" text,
	"city_id" integer,
	"county_id" integer,
	"contact_person" text,
	"phone" text,
	"recruiting_link" text,
	"application_deadline" date NOT NULL,
	"hiring_date" date,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_name" text NOT NULL,
	"company_logo" text,
	"organisation_number" text,
	"partner_company_id" integer,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"closed_at" timestamp with time zone,
	"views_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('norwegian'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('norwegian'::regconfig, coalesce("company_name", '')), 'B') || setweight(to_tsvector('norwegian'::regconfig, coalesce("description", '')), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_position_type_check" CHECK ("jobs"."position_type" in ('full_time', 'substitute', 'asap')),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('published', 'closed')),
	CONSTRAINT "jobs_workplace_type_check" CHECK ("jobs"."workplace_type" in ('hospital', 'general_practice', 'other')),
	CONSTRAINT "jobs_views_count_check" CHECK ("jobs"."views_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"list_key" text NOT NULL,
	"detail_key" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer,
	"height" integer,
	"size_bytes" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_nok" integer NOT NULL,
	"manufacturer" text,
	"category_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('norwegian'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('norwegian'::regconfig, coalesce("manufacturer", '')), 'B') || setweight(to_tsvector('norwegian'::regconfig, coalesce("description", '')), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_status_check" CHECK ("products"."status" in (1, 2)),
	CONSTRAINT "products_price_nok_check" CHECK ("products"."price_nok" >= 0),
	CONSTRAINT "products_views_count_check" CHECK ("products"."views_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "petition_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"petition_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text DEFAULT 'application/pdf' NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "petition_attachments_mime_check" CHECK ("petition_attachments"."mime" = 'application/pdf')
);
--> statement-breakpoint
CREATE TABLE "petition_bookmarks" (
	"petition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "petition_bookmarks_petition_id_user_id_pk" PRIMARY KEY("petition_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "petition_co_authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"petition_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"user_id" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "petition_press_release_co_authors" (
	"press_release_id" integer NOT NULL,
	"co_author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "petition_press_release_co_authors_press_release_id_co_author_id_pk" PRIMARY KEY("press_release_id","co_author_id")
);
--> statement-breakpoint
CREATE TABLE "petition_press_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"petition_id" integer NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "petition_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"petition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "petition_specialties" (
	"petition_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "petition_specialties_petition_id_specialty_id_pk" PRIMARY KEY("petition_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "petitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"full_text" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"end_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"visibility" text DEFAULT 'open' NOT NULL,
	"post_on_my_page" boolean DEFAULT false NOT NULL,
	"user_id" integer NOT NULL,
	"signatures_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('norwegian'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('norwegian'::regconfig, coalesce("summary", '')), 'B') || setweight(to_tsvector('norwegian'::regconfig, coalesce("full_text", '')), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "petitions_status_check" CHECK ("petitions"."status" in ('draft', 'active', 'finished', 'closed')),
	CONSTRAINT "petitions_visibility_check" CHECK ("petitions"."visibility" in ('open', 'archived')),
	CONSTRAINT "petitions_signatures_count_check" CHECK ("petitions"."signatures_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "post_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"preview_key" text,
	"original_name" text,
	"mime" text NOT NULL,
	"size_bytes" integer,
	"width" integer,
	"height" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_attachments_kind_check" CHECK ("post_attachments"."kind" in ('image', 'document'))
);
--> statement-breakpoint
CREATE TABLE "post_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"author_user_id" integer,
	"partner_company_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_comments_one_author_check" CHECK (num_nonnulls("post_comments"."author_user_id", "post_comments"."partner_company_id") <= 1)
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"post_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"author_user_id" integer,
	"partner_company_id" integer,
	"created_by_user_id" integer,
	"body" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"shared_post_id" bigint,
	"shared_petition_id" integer,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"shares_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('norwegian'::regconfig, coalesce("body", '')), 'A')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "posts_one_owner_check" CHECK (num_nonnulls("posts"."author_user_id", "posts"."partner_company_id") = 1),
	CONSTRAINT "posts_one_share_target_check" CHECK (num_nonnulls("posts"."shared_post_id", "posts"."shared_petition_id") <= 1),
	CONSTRAINT "posts_counts_check" CHECK ("posts"."likes_count" >= 0 and "posts"."comments_count" >= 0 and "posts"."shares_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" integer,
	"partner_company_id" integer,
	"entity_type" text,
	"entity_id" bigint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('comment', 'like', 'new_follower', 'follow_invitation', 'new_content', 'account_decision', 'chat_message')),
	CONSTRAINT "notifications_entity_type_check" CHECK ("notifications"."entity_type" in ('post', 'post_comment', 'petition', 'course', 'job', 'product', 'partner_company', 'user', 'follow_invitation', 'account_decision')),
	CONSTRAINT "notifications_entity_check" CHECK (("notifications"."entity_type" is null) = ("notifications"."entity_id" is null))
);
--> statement-breakpoint
CREATE TABLE "audio_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"url" text NOT NULL,
	"thumbnail" text,
	"duration_seconds" integer,
	"published_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('norwegian'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('norwegian'::regconfig, coalesce("description", '')), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_tracks_duration_seconds_check" CHECK ("audio_tracks"."duration_seconds" is null or "audio_tracks"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"url" text NOT NULL,
	"embed_code" text,
	"thumbnail" text,
	"duration_seconds" integer,
	"published_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('norwegian'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('norwegian'::regconfig, coalesce("description", '')), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_duration_seconds_check" CHECK ("videos"."duration_seconds" is null or "videos"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text,
	"purpose" text,
	"owner_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_clinic_departments" ADD CONSTRAINT "hospital_clinic_departments_hospital_clinic_id_hospital_clinics_id_fk" FOREIGN KEY ("hospital_clinic_id") REFERENCES "public"."hospital_clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_clinics" ADD CONSTRAINT "hospital_clinics_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_decisions" ADD CONSTRAINT "account_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_decisions" ADD CONSTRAINT "account_decisions_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_workplaces" ADD CONSTRAINT "custom_workplaces_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_workplaces" ADD CONSTRAINT "custom_workplaces_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_codes" ADD CONSTRAINT "email_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD CONSTRAINT "refresh_token_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD CONSTRAINT "refresh_token_families_active_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("active_partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_refresh_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."refresh_token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_info" ADD CONSTRAINT "user_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_info" ADD CONSTRAINT "user_info_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_info" ADD CONSTRAINT "user_info_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_info" ADD CONSTRAINT "user_info_workplace_situation_id_workplace_situations_id_fk" FOREIGN KEY ("workplace_situation_id") REFERENCES "public"."workplace_situations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_info" ADD CONSTRAINT "user_info_workplace_hospital_id_hospitals_id_fk" FOREIGN KEY ("workplace_hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_info" ADD CONSTRAINT "user_info_workplace_clinic_id_clinics_id_fk" FOREIGN KEY ("workplace_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_info" ADD CONSTRAINT "user_info_workplace_custom_id_custom_workplaces_id_fk" FOREIGN KEY ("workplace_custom_id") REFERENCES "public"."custom_workplaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_info" ADD CONSTRAINT "user_info_workplace_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("workplace_partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_specialties" ADD CONSTRAINT "user_specialties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_specialties" ADD CONSTRAINT "user_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_university_specialty_id_university_specialties_id_fk" FOREIGN KEY ("university_specialty_id") REFERENCES "public"."university_specialties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_academic_level_id_academic_levels_id_fk" FOREIGN KEY ("academic_level_id") REFERENCES "public"."academic_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_experiences" ADD CONSTRAINT "professional_experiences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_experiences" ADD CONSTRAINT "professional_experiences_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_experiences" ADD CONSTRAINT "professional_experiences_hospital_clinic_id_hospital_clinics_id_fk" FOREIGN KEY ("hospital_clinic_id") REFERENCES "public"."hospital_clinics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_experiences" ADD CONSTRAINT "professional_experiences_department_id_hospital_clinic_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."hospital_clinic_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_experiences" ADD CONSTRAINT "professional_experiences_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_experiences" ADD CONSTRAINT "professional_experiences_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_experiences" ADD CONSTRAINT "professional_experiences_custom_workplace_id_custom_workplaces_id_fk" FOREIGN KEY ("custom_workplace_id") REFERENCES "public"."custom_workplaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_invitations" ADD CONSTRAINT "follow_invitations_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_invitations" ADD CONSTRAINT "follow_invitations_invited_user_id_users_id_fk" FOREIGN KEY ("invited_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_invitations" ADD CONSTRAINT "follow_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD CONSTRAINT "partner_companies_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD CONSTRAINT "partner_companies_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_categories" ADD CONSTRAINT "partner_company_categories_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_categories" ADD CONSTRAINT "partner_company_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_followers" ADD CONSTRAINT "partner_company_followers_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_followers" ADD CONSTRAINT "partner_company_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_managers" ADD CONSTRAINT "partner_company_managers_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_managers" ADD CONSTRAINT "partner_company_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_followed_user_id_users_id_fk" FOREIGN KEY ("followed_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_specialties" ADD CONSTRAINT "course_specialties_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_specialties" ADD CONSTRAINT "course_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_subscriptions" ADD CONSTRAINT "course_subscriptions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_subscriptions" ADD CONSTRAINT "course_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_view_records" ADD CONSTRAINT "course_view_records_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_view_records" ADD CONSTRAINT "course_view_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_specialties" ADD CONSTRAINT "job_specialties_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_specialties" ADD CONSTRAINT "job_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_views" ADD CONSTRAINT "job_views_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_views" ADD CONSTRAINT "job_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_job_category_id_job_categories_id_fk" FOREIGN KEY ("job_category_id") REFERENCES "public"."job_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_attachments" ADD CONSTRAINT "petition_attachments_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_attachments" ADD CONSTRAINT "petition_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_bookmarks" ADD CONSTRAINT "petition_bookmarks_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_bookmarks" ADD CONSTRAINT "petition_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_co_authors" ADD CONSTRAINT "petition_co_authors_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_co_authors" ADD CONSTRAINT "petition_co_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_press_release_co_authors" ADD CONSTRAINT "petition_press_release_co_authors_press_release_id_petition_press_releases_id_fk" FOREIGN KEY ("press_release_id") REFERENCES "public"."petition_press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_press_release_co_authors" ADD CONSTRAINT "petition_press_release_co_authors_co_author_id_petition_co_authors_id_fk" FOREIGN KEY ("co_author_id") REFERENCES "public"."petition_co_authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_press_releases" ADD CONSTRAINT "petition_press_releases_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_press_releases" ADD CONSTRAINT "petition_press_releases_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD CONSTRAINT "petition_signatures_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_signatures" ADD CONSTRAINT "petition_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_specialties" ADD CONSTRAINT "petition_specialties_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_specialties" ADD CONSTRAINT "petition_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petitions" ADD CONSTRAINT "petitions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petitions" ADD CONSTRAINT "petitions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_attachments" ADD CONSTRAINT "post_attachments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_shared_post_id_posts_id_fk" FOREIGN KEY ("shared_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_shared_petition_id_petitions_id_fk" FOREIGN KEY ("shared_petition_id") REFERENCES "public"."petitions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD CONSTRAINT "audio_tracks_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_type_code_uq" ON "categories" USING btree ("type","code");--> statement-breakpoint
CREATE INDEX "cities_county_id_idx" ON "cities" USING btree ("county_id");--> statement-breakpoint
CREATE INDEX "clinics_city_id_idx" ON "clinics" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "hospital_clinic_departments_clinic_id_idx" ON "hospital_clinic_departments" USING btree ("hospital_clinic_id");--> statement-breakpoint
CREATE INDEX "hospital_clinics_hospital_id_idx" ON "hospital_clinics" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "hospitals_city_id_idx" ON "hospitals" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "account_decisions_user_id_created_at_idx" ON "account_decisions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "custom_workplaces_lower_name_uq" ON "custom_workplaces" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "custom_workplaces_created_by_user_id_idx" ON "custom_workplaces" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "email_verification_codes_user_id_idx" ON "email_verification_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hpr_register_national_id_hash_idx" ON "hpr_register" USING btree ("national_id_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sessions_user_id_uq" ON "identity_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identity_sessions_status_expires_at_idx" ON "identity_sessions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_idx" ON "outbox_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_messages_status_created_at_idx" ON "outbox_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_id_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_token_families_user_id_idx" ON "refresh_token_families" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "user_info_hpr_number_idx" ON "user_info" USING btree ("hpr_number");--> statement-breakpoint
CREATE INDEX "user_info_county_id_idx" ON "user_info" USING btree ("county_id");--> statement-breakpoint
CREATE INDEX "user_info_city_id_idx" ON "user_info" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_id_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "user_specialties_specialty_id_idx" ON "user_specialties" USING btree ("specialty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_national_id_hash_uq" ON "users" USING btree ("national_id_hash") WHERE "users"."national_id_hash" is not null and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_status_created_at_idx" ON "users" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "educations_user_id_started_at_idx" ON "educations" USING btree ("user_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "professional_experiences_user_id_started_at_idx" ON "professional_experiences" USING btree ("user_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "professional_experiences_hospital_id_idx" ON "professional_experiences" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "professional_experiences_clinic_id_idx" ON "professional_experiences" USING btree ("clinic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_invitations_company_user_uq" ON "follow_invitations" USING btree ("partner_company_id","invited_user_id");--> statement-breakpoint
CREATE INDEX "follow_invitations_invited_user_id_idx" ON "follow_invitations" USING btree ("invited_user_id","status");--> statement-breakpoint
CREATE INDEX "partner_companies_public_name_idx" ON "partner_companies" USING btree (lower("name"),"id") WHERE "partner_companies"."is_published" and "partner_companies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "partner_companies_name_trgm_idx" ON "partner_companies" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partner_company_categories_category_id_idx" ON "partner_company_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "partner_company_followers_company_created_at_idx" ON "partner_company_followers" USING btree ("partner_company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "partner_company_followers_user_id_idx" ON "partner_company_followers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "partner_company_managers_user_id_idx" ON "partner_company_managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_follows_followed_created_at_idx" ON "user_follows" USING btree ("followed_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_follows_follower_created_at_idx" ON "user_follows" USING btree ("follower_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_specialties_specialty_id_idx" ON "course_specialties" USING btree ("specialty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_subscriptions_course_user_uq" ON "course_subscriptions" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "course_subscriptions_user_id_idx" ON "course_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_view_records_course_entered_at_idx" ON "course_view_records" USING btree ("course_id","entered_at");--> statement-breakpoint
CREATE INDEX "course_view_records_user_id_idx" ON "course_view_records" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "courses_status_type_start_at_idx" ON "courses" USING btree ("status","type","start_at","id");--> statement-breakpoint
CREATE INDEX "courses_county_id_start_at_idx" ON "courses" USING btree ("county_id","start_at");--> statement-breakpoint
CREATE INDEX "courses_city_id_start_at_idx" ON "courses" USING btree ("city_id","start_at");--> statement-breakpoint
CREATE INDEX "courses_category_id_idx" ON "courses" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "courses_user_id_start_at_idx" ON "courses" USING btree ("user_id","start_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_partner_company_id_idx" ON "courses" USING btree ("partner_company_id");--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search");--> statement-breakpoint
CREATE INDEX "job_specialties_specialty_id_job_id_idx" ON "job_specialties" USING btree ("specialty_id","job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_views_job_user_uq" ON "job_views" USING btree ("job_id","user_id");--> statement-breakpoint
CREATE INDEX "job_views_user_id_idx" ON "job_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "jobs_status_deadline_idx" ON "jobs" USING btree ("status","application_deadline");--> statement-breakpoint
CREATE INDEX "jobs_published_at_idx" ON "jobs" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_county_id_published_at_idx" ON "jobs" USING btree ("county_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_city_id_published_at_idx" ON "jobs" USING btree ("city_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_job_category_id_published_at_idx" ON "jobs" USING btree ("job_category_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_workplace_type_published_at_idx" ON "jobs" USING btree ("workplace_type","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_hospital_id_idx" ON "jobs" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "jobs_user_id_created_at_idx" ON "jobs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_partner_company_id_idx" ON "jobs" USING btree ("partner_company_id");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "product_images_product_id_position_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_views_product_user_uq" ON "product_views" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "product_views_user_id_idx" ON "product_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "products_status_price_idx" ON "products" USING btree ("status","price_nok","id");--> statement-breakpoint
CREATE INDEX "products_status_created_at_idx" ON "products" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_user_id_created_at_idx" ON "products" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
CREATE INDEX "petition_attachments_petition_id_idx" ON "petition_attachments" USING btree ("petition_id");--> statement-breakpoint
CREATE INDEX "petition_bookmarks_user_created_at_idx" ON "petition_bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "petition_co_authors_petition_id_idx" ON "petition_co_authors" USING btree ("petition_id","position");--> statement-breakpoint
CREATE INDEX "petition_press_release_co_authors_co_author_id_idx" ON "petition_press_release_co_authors" USING btree ("co_author_id");--> statement-breakpoint
CREATE INDEX "petition_press_releases_petition_id_idx" ON "petition_press_releases" USING btree ("petition_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "petition_signatures_petition_user_uq" ON "petition_signatures" USING btree ("petition_id","user_id");--> statement-breakpoint
CREATE INDEX "petition_signatures_petition_created_at_idx" ON "petition_signatures" USING btree ("petition_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "petition_signatures_user_id_idx" ON "petition_signatures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "petition_specialties_specialty_id_petition_id_idx" ON "petition_specialties" USING btree ("specialty_id","petition_id");--> statement-breakpoint
CREATE INDEX "petitions_status_end_date_idx" ON "petitions" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "petitions_visibility_status_published_at_idx" ON "petitions" USING btree ("visibility","status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "petitions_user_id_created_at_idx" ON "petitions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "petitions_category_id_idx" ON "petitions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "petitions_search_idx" ON "petitions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "post_attachments_post_id_position_idx" ON "post_attachments" USING btree ("post_id","position");--> statement-breakpoint
CREATE INDEX "post_comments_post_created_at_id_idx" ON "post_comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "post_comments_author_user_id_idx" ON "post_comments" USING btree ("author_user_id");--> statement-breakpoint
CREATE INDEX "post_likes_user_id_idx" ON "post_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_created_at_id_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_author_created_at_id_idx" ON "posts" USING btree ("author_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."author_user_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_company_created_at_id_idx" ON "posts" USING btree ("partner_company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."partner_company_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_shared_post_id_idx" ON "posts" USING btree ("shared_post_id") WHERE "posts"."shared_post_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_shared_petition_id_idx" ON "posts" USING btree ("shared_petition_id") WHERE "posts"."shared_petition_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "notifications_user_created_at_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "audio_tracks_published_at_idx" ON "audio_tracks" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audio_tracks_category_published_at_idx" ON "audio_tracks" USING btree ("category_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audio_tracks_search_idx" ON "audio_tracks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "videos_published_at_idx" ON "videos" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_category_published_at_idx" ON "videos" USING btree ("category_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search");--> statement-breakpoint
CREATE INDEX "stored_files_owner_user_id_idx" ON "stored_files" USING btree ("owner_user_id","created_at" DESC NULLS LAST);