DROP INDEX "watch_history_user_time_idx";--> statement-breakpoint
ALTER TABLE "watch_history" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "watch_history_video_idx" ON "watch_history" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "watch_history_user_time_idx" ON "watch_history" USING btree ("user_id","watched_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "watch_history"."visible";--> statement-breakpoint
-- Written by hand from here on: watch_history.visible follows the video, whoever writes the rows.
UPDATE "watch_history" h SET "visible" = (v."is_published" OR v."owner_id" = h."user_id")
FROM "videos" v WHERE v."id" = h."video_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION watch_history_set_visible() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT v.is_published OR v.owner_id = NEW.user_id INTO NEW.visible
  FROM videos v WHERE v.id = NEW.video_id;
  NEW.visible := coalesce(NEW.visible, true);
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER watch_history_visible_on_insert BEFORE INSERT ON "watch_history"
FOR EACH ROW EXECUTE FUNCTION watch_history_set_visible();
--> statement-breakpoint
-- A publish toggle touches only that video's entries (found through watch_history_video_idx).
CREATE OR REPLACE FUNCTION watch_history_follow_publish() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE watch_history SET visible = (NEW.is_published OR user_id = NEW.owner_id)
  WHERE video_id = NEW.id;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER watch_history_visible_on_publish AFTER UPDATE OF "is_published" ON "videos"
FOR EACH ROW WHEN (OLD."is_published" IS DISTINCT FROM NEW."is_published")
EXECUTE FUNCTION watch_history_follow_publish();
