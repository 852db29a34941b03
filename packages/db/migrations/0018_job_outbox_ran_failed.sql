-- At-least-once delivery from the job outbox: a row is done when its job has run (ran_at, set by the
-- worker), no longer when the relay handed it over; a job that failed in every attempt is `failed`.
-- Compatible with the version before for one deploy: its relay still marks rows done at hand-over
-- (ran_at stays null, and the new workers run those jobs), and it never writes `failed`.
ALTER TABLE "job_outbox" DROP CONSTRAINT "job_outbox_status_check";--> statement-breakpoint
ALTER TABLE "job_outbox" ADD COLUMN "ran_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "job_outbox_failed_at_idx" ON "job_outbox" USING btree ("failed_at") WHERE "job_outbox"."status" = 'failed';--> statement-breakpoint
ALTER TABLE "job_outbox" ADD CONSTRAINT "job_outbox_status_check" CHECK ("job_outbox"."status" in ('pending', 'done', 'failed'));