CREATE TABLE "list_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written: the triggers that raise a list's version on every write that can change what the
-- list shows (docs/decisions/0008-lists-and-counts.md). Inserts and deletes count per statement (a
-- bulk insert raises once); updates count per row and only when a column other than the ones named
-- changed, so a page view (views_count) or a follow (followers_count) keeps the cached counts.
CREATE FUNCTION "raise_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "list_versions" ("name", "version") VALUES (TG_ARGV[0], 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "list_versions"."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "list_versions" ("name", "version") VALUES ('jobs', 0), ('products', 0), ('partner_companies', 0);--> statement-breakpoint
CREATE TRIGGER "jobs_list_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('jobs');--> statement-breakpoint
CREATE TRIGGER "jobs_list_version_update" AFTER UPDATE ON "jobs" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'views_count' - 'updated_at' - 'company_logo_file_id') IS DISTINCT FROM (to_jsonb(NEW) - 'views_count' - 'updated_at' - 'company_logo_file_id'))
  EXECUTE FUNCTION "raise_list_version"('jobs');--> statement-breakpoint
CREATE TRIGGER "job_specialties_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_specialties"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('jobs');--> statement-breakpoint
CREATE TRIGGER "products_list_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('products');--> statement-breakpoint
CREATE TRIGGER "products_list_version_update" AFTER UPDATE ON "products" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'views_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'views_count' - 'updated_at'))
  EXECUTE FUNCTION "raise_list_version"('products');--> statement-breakpoint
CREATE TRIGGER "partner_companies_list_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "partner_companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('partner_companies');--> statement-breakpoint
CREATE TRIGGER "partner_companies_list_version_update" AFTER UPDATE ON "partner_companies" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'followers_count' - 'updated_at' - 'logo_file_id') IS DISTINCT FROM (to_jsonb(NEW) - 'followers_count' - 'updated_at' - 'logo_file_id'))
  EXECUTE FUNCTION "raise_list_version"('partner_companies');--> statement-breakpoint
CREATE TRIGGER "partner_company_categories_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "partner_company_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('partner_companies');--> statement-breakpoint
CREATE TRIGGER "partner_company_managers_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "partner_company_managers"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('partner_companies');
