-- Extensions the schema needs before its tables and indexes: citext (users.email), pg_trgm (name search).
CREATE EXTENSION IF NOT EXISTS citext;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
