CREATE TABLE "job_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_outbox_status_check" CHECK ("job_outbox"."status" in ('pending', 'done'))
);
--> statement-breakpoint
CREATE INDEX "job_outbox_pending_due_idx" ON "job_outbox" USING btree ("next_attempt_at","id") WHERE "job_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "job_outbox_done_at_idx" ON "job_outbox" USING btree ("done_at") WHERE "job_outbox"."status" = 'done';--> statement-breakpoint
CREATE UNIQUE INDEX "job_outbox_dedupe_key_key" ON "job_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "job_outbox_user_ids_idx" ON "job_outbox" USING gin ("user_ids");