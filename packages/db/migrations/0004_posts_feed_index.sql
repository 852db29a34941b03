DROP INDEX "posts_author_created_at_id_idx";--> statement-breakpoint
DROP INDEX "posts_company_created_at_id_idx";--> statement-breakpoint
CREATE INDEX "posts_author_created_at_id_idx" ON "posts" USING btree ("author_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"archived_at") WHERE "posts"."author_user_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_company_created_at_id_idx" ON "posts" USING btree ("partner_company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"archived_at") WHERE "posts"."partner_company_id" is not null;