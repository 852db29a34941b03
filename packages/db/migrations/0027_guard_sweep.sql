CREATE TABLE "guard_findings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"content_id" bigint NOT NULL,
	"field" text NOT NULL,
	"author_user_id" integer,
	"author_company_id" integer,
	"content_created_at" timestamp with time zone NOT NULL,
	"link" text,
	"masked" text NOT NULL,
	"number_hash" text NOT NULL,
	"could_be_account" boolean DEFAULT false NOT NULL,
	"first_sweep_id" bigint,
	"last_seen_sweep_id" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"handled_by_user_id" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guard_findings_source_check" CHECK ("guard_findings"."source" in ('post', 'comment', 'petition', 'press_release', 'job', 'product', 'course', 'company', 'profile', 'group', 'message', 'file')),
	CONSTRAINT "guard_findings_status_check" CHECK ("guard_findings"."status" in ('open', 'removed', 'not_a_number'))
);
--> statement-breakpoint
CREATE TABLE "guard_sweeps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"rules_version" smallint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by_user_id" integer,
	"cursor_source" text,
	"cursor_id" bigint DEFAULT 0 NOT NULL,
	"scanned" integer DEFAULT 0 NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guard_sweeps_reason_check" CHECK ("guard_sweeps"."reason" in ('manual', 'rules')),
	CONSTRAINT "guard_sweeps_status_check" CHECK ("guard_sweeps"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "guard_sweeps_cursor_source_check" CHECK ("guard_sweeps"."cursor_source" is null or "guard_sweeps"."cursor_source" in ('post', 'comment', 'petition', 'press_release', 'job', 'product', 'course', 'company', 'profile', 'group', 'message', 'file'))
);
--> statement-breakpoint
ALTER TABLE "guard_findings" ADD CONSTRAINT "guard_findings_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guard_findings" ADD CONSTRAINT "guard_findings_author_company_id_partner_companies_id_fk" FOREIGN KEY ("author_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guard_findings" ADD CONSTRAINT "guard_findings_first_sweep_id_guard_sweeps_id_fk" FOREIGN KEY ("first_sweep_id") REFERENCES "public"."guard_sweeps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guard_findings" ADD CONSTRAINT "guard_findings_last_seen_sweep_id_guard_sweeps_id_fk" FOREIGN KEY ("last_seen_sweep_id") REFERENCES "public"."guard_sweeps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guard_findings" ADD CONSTRAINT "guard_findings_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guard_sweeps" ADD CONSTRAINT "guard_sweeps_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guard_findings_place_number_uq" ON "guard_findings" USING btree ("source","content_id","field","number_hash");--> statement-breakpoint
CREATE INDEX "guard_findings_status_created_idx" ON "guard_findings" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guard_findings_author_user_idx" ON "guard_findings" USING btree ("author_user_id") WHERE "guard_findings"."author_user_id" is not null;--> statement-breakpoint
CREATE INDEX "guard_findings_author_company_idx" ON "guard_findings" USING btree ("author_company_id") WHERE "guard_findings"."author_company_id" is not null;--> statement-breakpoint
CREATE INDEX "guard_findings_first_sweep_idx" ON "guard_findings" USING btree ("first_sweep_id") WHERE "guard_findings"."first_sweep_id" is not null;--> statement-breakpoint
CREATE INDEX "guard_findings_last_seen_sweep_idx" ON "guard_findings" USING btree ("last_seen_sweep_id") WHERE "guard_findings"."last_seen_sweep_id" is not null;--> statement-breakpoint
CREATE INDEX "guard_findings_handled_by_idx" ON "guard_findings" USING btree ("handled_by_user_id") WHERE "guard_findings"."handled_by_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "guard_sweeps_one_active_uq" ON "guard_sweeps" USING btree ((true)) WHERE "guard_sweeps"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "guard_sweeps_rules_version_idx" ON "guard_sweeps" USING btree ("rules_version","status");--> statement-breakpoint
CREATE INDEX "guard_sweeps_requested_by_idx" ON "guard_sweeps" USING btree ("requested_by_user_id") WHERE "guard_sweeps"."requested_by_user_id" is not null;