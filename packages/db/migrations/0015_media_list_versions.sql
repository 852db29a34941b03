-- Hand-written: the media archive's counts are cached like the jobs board's (migration 0008,
-- docs/performance/api-overhead.md). Any write to an item can change what a list shows (publishing,
-- access level, category, title for search); saved positions and captions live in other tables.
INSERT INTO "list_versions" ("name", "version") VALUES ('videos', 0), ('audio_tracks', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "videos_list_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "videos"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('videos');--> statement-breakpoint
CREATE TRIGGER "videos_list_version_update" AFTER UPDATE ON "videos" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION "raise_list_version"('videos');--> statement-breakpoint
CREATE TRIGGER "audio_tracks_list_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "audio_tracks"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"('audio_tracks');--> statement-breakpoint
CREATE TRIGGER "audio_tracks_list_version_update" AFTER UPDATE ON "audio_tracks" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION "raise_list_version"('audio_tracks');
