DROP INDEX "jobs_published_at_idx";--> statement-breakpoint
CREATE INDEX "jobs_board_idx" ON "jobs" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","application_deadline");