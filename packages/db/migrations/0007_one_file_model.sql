ALTER TABLE "stored_files" ALTER COLUMN "size_bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_file_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "background_file_id" integer;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "logo_file_id" integer;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "background_file_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "video_file_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "company_logo_file_id" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "petition_attachments" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "post_attachments" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "original_id" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_file_id_stored_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_background_file_id_stored_files_id_fk" FOREIGN KEY ("background_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD CONSTRAINT "partner_companies_logo_file_id_stored_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD CONSTRAINT "partner_companies_background_file_id_stored_files_id_fk" FOREIGN KEY ("background_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_video_file_id_stored_files_id_fk" FOREIGN KEY ("video_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_logo_file_id_stored_files_id_fk" FOREIGN KEY ("company_logo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_attachments" ADD CONSTRAINT "petition_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_attachments" ADD CONSTRAINT "post_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_original_id_stored_files_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_original_id_variant_uq" UNIQUE("original_id","variant");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_variant_check" CHECK ("stored_files"."original_id" is null or "stored_files"."variant" is not null);--> statement-breakpoint
-- Data: every storage key in the old columns becomes a stored_files row, and the new columns point at it.
-- Values that are not storage keys of ours (a URL typed in by hand) name no file we hold: they are dropped.
-- Rows already in stored_files (uploads on their own) keep their type, size and name.
UPDATE "stored_files" SET "content_type" = "mime", "kind" = CASE WHEN "purpose" IN ('avatar', 'profile_background', 'company_logo', 'company_background', 'job_logo', 'post_image', 'post_document', 'product_image', 'course_video', 'petition_attachment') THEN "purpose" ELSE 'image' END;--> statement-breakpoint
-- `mime` is dropped below; rows carried over set `content_type` only.
ALTER TABLE "stored_files" ALTER COLUMN "mime" DROP NOT NULL;--> statement-breakpoint
-- One table of every (main key, kind, owner, sm variant key, ...) to carry over, in order of who keeps a shared key.
CREATE TEMPORARY TABLE "file_import" ON COMMIT DROP AS
SELECT * FROM (
  SELECT "profile_avatar" AS "storage_key", 'avatar' AS "kind", "id" AS "owner_user_id", NULL::text AS "original_name", NULL::integer AS "size_bytes", NULL::integer AS "width", NULL::integer AS "height", "created_at", 1 AS "source" FROM "users" WHERE "profile_avatar" IS NOT NULL
  UNION ALL
  SELECT "profile_background", 'profile_background', "id", NULL, NULL, NULL, NULL, "created_at", 2 FROM "users" WHERE "profile_background" IS NOT NULL
  UNION ALL
  SELECT "logo", 'company_logo', "created_by_user_id", NULL, NULL, NULL, NULL, "created_at", 3 FROM "partner_companies" WHERE "logo" IS NOT NULL
  UNION ALL
  SELECT "background", 'company_background', "created_by_user_id", NULL, NULL, NULL, NULL, "created_at", 4 FROM "partner_companies" WHERE "background" IS NOT NULL
  UNION ALL
  SELECT "company_logo", 'job_logo', "user_id", NULL, NULL, NULL, NULL, "created_at", 5 FROM "jobs" WHERE "company_logo" IS NOT NULL
  UNION ALL
  SELECT pa."storage_key", CASE WHEN pa."kind" = 'document' THEN 'post_document' ELSE 'post_image' END, coalesce(p."created_by_user_id", p."author_user_id"), pa."original_name", pa."size_bytes", pa."width", pa."height", pa."created_at", 6
    FROM "post_attachments" pa JOIN "posts" p ON p."id" = pa."post_id"
  UNION ALL
  SELECT pi."detail_key", 'product_image', pr."user_id", NULL, pi."size_bytes", pi."width", pi."height", pi."created_at", 7
    FROM "product_images" pi JOIN "products" pr ON pr."id" = pi."product_id"
  UNION ALL
  SELECT "video_storage_key", 'course_video', "user_id", NULL, NULL, NULL, NULL, coalesce("video_uploaded_at", "created_at"), 8 FROM "courses" WHERE "video_storage_key" IS NOT NULL
  UNION ALL
  SELECT "storage_key", 'petition_attachment', "uploaded_by_user_id", "original_name", "size_bytes", NULL, NULL, "created_at", 9 FROM "petition_attachments"
) f
WHERE f."storage_key" ~ '^[a-z][a-z0-9-]{0,39}/[a-f0-9]{32}(-[a-z0-9]{1,20})?\.[a-z0-9]{2,5}$';--> statement-breakpoint
INSERT INTO "stored_files" ("storage_key", "kind", "content_type", "size_bytes", "width", "height", "original_name", "owner_user_id", "variant", "created_at", "updated_at")
SELECT DISTINCT ON ("storage_key")
  "storage_key", "kind",
  CASE substring("storage_key" from '\.([a-z0-9]+)$')
    WHEN 'webp' THEN 'image/webp' WHEN 'jpg' THEN 'image/jpeg' WHEN 'png' THEN 'image/png'
    WHEN 'pdf' THEN 'application/pdf' WHEN 'mp4' THEN 'video/mp4' WHEN 'webm' THEN 'video/webm'
    ELSE 'application/octet-stream' END,
  "size_bytes", "width", "height", "original_name", "owner_user_id",
  substring("storage_key" from '-([a-z0-9]{1,20})\.[a-z0-9]+$'),
  "created_at", "created_at"
FROM "file_import"
ORDER BY "storage_key", "source"
ON CONFLICT ("storage_key") DO NOTHING;--> statement-breakpoint
-- The smaller size stored beside each `-lg` image: the list picture of products, the preview of post
-- images, and the `sm` of avatars, backgrounds and logos (which no column named, but storage holds).
INSERT INTO "stored_files" ("storage_key", "kind", "content_type", "owner_user_id", "original_id", "variant", "created_at", "updated_at")
SELECT DISTINCT ON (v."storage_key") v."storage_key", m."kind", m."content_type", m."owner_user_id", m."id", 'sm', m."created_at", m."created_at"
FROM (
  SELECT pi."list_key" AS "storage_key", pi."detail_key" AS "main_key" FROM "product_images" pi
  UNION ALL
  SELECT "preview_key", "storage_key" FROM "post_attachments" WHERE "preview_key" IS NOT NULL
  UNION ALL
  SELECT regexp_replace("storage_key", '-lg\.webp$', '-sm.webp'), "storage_key" FROM "file_import"
    WHERE "source" IN (1, 2, 3, 4, 5) AND "storage_key" ~ '-lg\.webp$'
) v
JOIN "stored_files" m ON m."storage_key" = v."main_key" AND m."original_id" IS NULL
WHERE v."storage_key" <> v."main_key"
  AND v."storage_key" ~ '^[a-z][a-z0-9-]{0,39}/[a-f0-9]{32}(-[a-z0-9]{1,20})?\.[a-z0-9]{2,5}$'
ORDER BY v."storage_key"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "users" u SET "avatar_file_id" = f."id" FROM "stored_files" f WHERE f."storage_key" = u."profile_avatar" AND f."original_id" IS NULL;--> statement-breakpoint
UPDATE "users" u SET "background_file_id" = f."id" FROM "stored_files" f WHERE f."storage_key" = u."profile_background" AND f."original_id" IS NULL;--> statement-breakpoint
UPDATE "partner_companies" c SET "logo_file_id" = f."id" FROM "stored_files" f WHERE f."storage_key" = c."logo" AND f."original_id" IS NULL;--> statement-breakpoint
UPDATE "partner_companies" c SET "background_file_id" = f."id" FROM "stored_files" f WHERE f."storage_key" = c."background" AND f."original_id" IS NULL;--> statement-breakpoint
UPDATE "jobs" j SET "company_logo_file_id" = f."id" FROM "stored_files" f WHERE f."storage_key" = j."company_logo" AND f."original_id" IS NULL;--> statement-breakpoint
UPDATE "courses" c SET "video_file_id" = f."id" FROM "stored_files" f WHERE f."storage_key" = c."video_storage_key" AND f."original_id" IS NULL;--> statement-breakpoint
UPDATE "post_attachments" a SET "file_id" = f."id" FROM "stored_files" f WHERE f."storage_key" = a."storage_key" AND f."original_id" IS NULL;--> statement-breakpoint
UPDATE "product_images" i SET "file_id" = f."id" FROM "stored_files" f WHERE f."storage_key" = i."detail_key" AND f."original_id" IS NULL;--> statement-breakpoint
UPDATE "petition_attachments" a SET "file_id" = f."id" FROM "stored_files" f WHERE f."storage_key" = a."storage_key" AND f."original_id" IS NULL;--> statement-breakpoint
-- Attachments whose key was not one of ours cannot point at a file: they go (their column becomes NOT NULL below).
DELETE FROM "post_attachments" WHERE "file_id" IS NULL;--> statement-breakpoint
DELETE FROM "product_images" WHERE "file_id" IS NULL;--> statement-breakpoint
DELETE FROM "petition_attachments" WHERE "file_id" IS NULL;--> statement-breakpoint
DROP TABLE "file_import";--> statement-breakpoint
ALTER TABLE "petition_attachments" DROP CONSTRAINT "petition_attachments_mime_check";--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "petition_attachments" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_attachments" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "content_type" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "users_avatar_file_id_idx" ON "users" USING btree ("avatar_file_id") WHERE "users"."avatar_file_id" is not null;--> statement-breakpoint
CREATE INDEX "users_background_file_id_idx" ON "users" USING btree ("background_file_id") WHERE "users"."background_file_id" is not null;--> statement-breakpoint
CREATE INDEX "partner_companies_logo_file_id_idx" ON "partner_companies" USING btree ("logo_file_id") WHERE "partner_companies"."logo_file_id" is not null;--> statement-breakpoint
CREATE INDEX "partner_companies_background_file_id_idx" ON "partner_companies" USING btree ("background_file_id") WHERE "partner_companies"."background_file_id" is not null;--> statement-breakpoint
CREATE INDEX "courses_video_file_id_idx" ON "courses" USING btree ("video_file_id") WHERE "courses"."video_file_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_company_logo_file_id_idx" ON "jobs" USING btree ("company_logo_file_id") WHERE "jobs"."company_logo_file_id" is not null;--> statement-breakpoint
CREATE INDEX "product_images_file_id_idx" ON "product_images" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "petition_attachments_file_id_idx" ON "petition_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "post_attachments_file_id_idx" ON "post_attachments" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "profile_avatar";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "profile_background";--> statement-breakpoint
ALTER TABLE "partner_companies" DROP COLUMN "logo";--> statement-breakpoint
ALTER TABLE "partner_companies" DROP COLUMN "background";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "video_storage_key";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "company_logo";--> statement-breakpoint
ALTER TABLE "product_images" DROP COLUMN "list_key";--> statement-breakpoint
ALTER TABLE "product_images" DROP COLUMN "detail_key";--> statement-breakpoint
ALTER TABLE "product_images" DROP COLUMN "mime";--> statement-breakpoint
ALTER TABLE "product_images" DROP COLUMN "width";--> statement-breakpoint
ALTER TABLE "product_images" DROP COLUMN "height";--> statement-breakpoint
ALTER TABLE "product_images" DROP COLUMN "size_bytes";--> statement-breakpoint
ALTER TABLE "petition_attachments" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "petition_attachments" DROP COLUMN "original_name";--> statement-breakpoint
ALTER TABLE "petition_attachments" DROP COLUMN "mime";--> statement-breakpoint
ALTER TABLE "petition_attachments" DROP COLUMN "size_bytes";--> statement-breakpoint
ALTER TABLE "post_attachments" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "post_attachments" DROP COLUMN "preview_key";--> statement-breakpoint
ALTER TABLE "post_attachments" DROP COLUMN "original_name";--> statement-breakpoint
ALTER TABLE "post_attachments" DROP COLUMN "mime";--> statement-breakpoint
ALTER TABLE "post_attachments" DROP COLUMN "size_bytes";--> statement-breakpoint
ALTER TABLE "post_attachments" DROP COLUMN "width";--> statement-breakpoint
ALTER TABLE "post_attachments" DROP COLUMN "height";--> statement-breakpoint
ALTER TABLE "stored_files" DROP COLUMN "mime";--> statement-breakpoint
ALTER TABLE "stored_files" DROP COLUMN "purpose";--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('avatar', 'profile_background', 'company_logo', 'company_background', 'job_logo', 'post_image', 'post_document', 'product_image', 'course_video', 'petition_attachment', 'image'));