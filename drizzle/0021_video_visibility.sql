-- Issue 34, visibility and schedule: a video is public, unlisted (anyone with its link may watch it;
-- no list shows it) or private (its owner alone), and a private or unlisted video may carry
-- publish_at, the moment a durable job (server/videos/publish-job.ts) makes it public.
-- is_published stays and means "public": every list filtered on it (feeds, search, suggestions,
-- spelling, Up next, the channel tab, playlists, notifications, the live hub, the dashboard)
-- stays leak-free unchanged. A check constraint ties the two; a trigger keeps them in step for
-- writers that set only one of them (the spec's toggle, seeds and older code set is_published,
-- the visibility API sets visibility).
-- first_public_at: when the video first became public. A video is announced to subscribers
-- (notification, the bell's live event) only then; every video made before this migration was
-- uploaded public, so all of them count as announced.
ALTER TABLE "videos" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "first_public_at" timestamp with time zone;--> statement-breakpoint
UPDATE "videos" SET "visibility" = 'private' WHERE NOT "is_published";--> statement-breakpoint
UPDATE "videos" SET "first_public_at" = "created_at";--> statement-breakpoint
CREATE FUNCTION videos_keep_visibility() RETURNS trigger LANGUAGE plpgsql
AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- An insert naming only is_published = false (a seed's draft) is private.
    IF NOT NEW.is_published AND NEW.visibility = 'public' THEN
      NEW.visibility := 'private';
    END IF;
  ELSIF NEW.is_published IS DISTINCT FROM OLD.is_published
        AND NEW.visibility IS NOT DISTINCT FROM OLD.visibility THEN
    -- A writer of is_published alone: public, or else private.
    NEW.visibility := CASE WHEN NEW.is_published THEN 'public' ELSE 'private' END;
  END IF;
  NEW.is_published := NEW.visibility = 'public';
  IF NEW.is_published THEN
    NEW.publish_at := NULL;
    NEW.first_public_at := coalesce(NEW.first_public_at, now());
  END IF;
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER "videos_keep_visibility" BEFORE INSERT OR UPDATE OF "is_published", "visibility", "publish_at" ON "videos"
FOR EACH ROW EXECUTE FUNCTION videos_keep_visibility();--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_visibility_check" CHECK ("visibility" IN ('public', 'unlisted', 'private'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_published_is_public" CHECK ("is_published" = ("visibility" = 'public'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_schedule_not_public" CHECK ("publish_at" IS NULL OR "visibility" <> 'public');--> statement-breakpoint
CREATE INDEX "videos_schedule_idx" ON "videos" USING btree ("publish_at") WHERE "publish_at" IS NOT NULL;
