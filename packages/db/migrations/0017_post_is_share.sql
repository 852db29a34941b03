ALTER TABLE "posts" ADD COLUMN "is_share" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Shares made before this column: those whose shared post still exists (one already gone cannot be told apart).
UPDATE "posts" SET "is_share" = true WHERE "shared_post_id" IS NOT NULL;
