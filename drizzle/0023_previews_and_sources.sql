-- Issue 34 (S): seek previews and per-video analytics. Written by hand: the analytics tables are
-- kept by triggers (like 0003's), so every writer (the view counter, progress reports, likes,
-- comments, the seed, bulk loads) keeps them exact.
-- The seek-preview sprite and its WebVTT map of a video, once the media job made them (null before).
ALTER TABLE "video_processing" ADD COLUMN "previews" jsonb;
--> statement-breakpoint
-- The furthest point a viewer reached in a video, for the retention curve (kept by a trigger).
ALTER TABLE "watch_history" ADD COLUMN "furthest_seconds" double precision;
--> statement-breakpoint
-- One row per video and UTC hour: counted views, seconds watched, likes and comments added, and
-- counted views per traffic source. Counters only: no viewer is named anywhere in it.
CREATE TABLE "video_stat_hours" (
	"video_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"watch_seconds" double precision DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"from_feed" integer DEFAULT 0 NOT NULL,
	"from_search" integer DEFAULT 0 NOT NULL,
	"from_up_next" integer DEFAULT 0 NOT NULL,
	"from_channel" integer DEFAULT 0 NOT NULL,
	"from_shared" integer DEFAULT 0 NOT NULL,
	"from_elsewhere" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_stat_hours_pk" PRIMARY KEY ("video_id", "hour")
);
--> statement-breakpoint
-- Named as drizzle names it (schema.ts), so a write racing a delete answers 404 (server/missing-reference.ts).
ALTER TABLE "video_stat_hours" ADD CONSTRAINT "video_stat_hours_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Viewers whose furthest point reached each tenth of the video (0 = started … 10 = the end).
CREATE TABLE "video_retention" (
	"video_id" text NOT NULL,
	"tenth" smallint NOT NULL CHECK ("tenth" BETWEEN 0 AND 10),
	"viewers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_retention_pk" PRIMARY KEY ("video_id", "tenth")
);
--> statement-breakpoint
-- Named as drizzle names it (schema.ts), so a write racing a delete answers 404 (server/missing-reference.ts).
ALTER TABLE "video_retention" ADD CONSTRAINT "video_retention_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- 0003's function, now also adding each view to its video's hour.
CREATE OR REPLACE FUNCTION dashboard_add_views(video_ids text[], ats timestamptz[], counts integer[])
RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO channel_stat_hours AS c (channel_id, hour, views)
  SELECT v.owner_id, date_trunc('hour', r.at, 'UTC'), sum(r.n)::int
  FROM unnest(video_ids, ats, counts) AS r(video_id, at, n) JOIN videos v ON v.id = r.video_id
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (channel_id, hour) DO UPDATE SET views = c.views + excluded.views;

  INSERT INTO video_view_blocks AS b (video_id, block, channel_id, cum)
  SELECT d.video_id, d.day / 128, d.owner_id,
         int_arrays_sum(array_fill(0, ARRAY[d.day % 128]) || array_fill(d.n, ARRAY[128 - d.day % 128]))
  FROM (
    SELECT r.video_id, v.owner_id, floor(extract(epoch FROM r.at) / 86400)::int AS day,
           sum(r.n)::int AS n
    FROM unnest(video_ids, ats, counts) AS r(video_id, at, n) JOIN videos v ON v.id = r.video_id
    GROUP BY 1, 2, 3
  ) d
  GROUP BY 1, 2, 3 ORDER BY 1, 2
  ON CONFLICT (video_id, block) DO UPDATE SET cum = int_arrays_add(b.cum, excluded.cum);

  INSERT INTO video_stat_hours AS h (video_id, hour, views)
  SELECT r.video_id, date_trunc('hour', r.at, 'UTC'), sum(r.n)::int
  FROM unnest(video_ids, ats, counts) AS r(video_id, at, n) JOIN videos v ON v.id = r.video_id
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (video_id, hour) DO UPDATE SET views = h.views + excluded.views;
END $fn$;
--> statement-breakpoint
-- A progress report moved a viewer's position: the seconds played since the last report (a gap
-- longer than a few report intervals is a seek, not watching) join the hour's watch time, and a
-- new furthest point adds the viewer to each tenth it newly reached.
CREATE OR REPLACE FUNCTION video_progress_record(p_video text, p_before double precision,
  p_position double precision, p_played double precision)
RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  duration double precision;
  first_tenth int;
  last_tenth int;
BEGIN
  IF p_played > 0 AND p_played <= 20 THEN
    INSERT INTO video_stat_hours AS h (video_id, hour, watch_seconds)
    VALUES (p_video, date_trunc('hour', now(), 'UTC'), p_played)
    ON CONFLICT (video_id, hour) DO UPDATE SET watch_seconds = h.watch_seconds + excluded.watch_seconds;
  END IF;
  IF p_before IS NOT NULL AND p_position <= p_before THEN RETURN; END IF;
  SELECT v.duration INTO duration FROM videos v WHERE v.id = p_video;
  IF duration IS NULL OR duration <= 0 THEN RETURN; END IF;
  last_tenth := least(10, floor(10 * p_position / duration))::int;
  first_tenth := CASE WHEN p_before IS NULL THEN 0
                      ELSE least(10, floor(10 * p_before / duration))::int + 1 END;
  IF first_tenth <= last_tenth THEN
    INSERT INTO video_retention AS r (video_id, tenth, viewers)
    SELECT p_video, t, 1 FROM generate_series(first_tenth, last_tenth) AS t
    ORDER BY t
    ON CONFLICT (video_id, tenth) DO UPDATE SET viewers = r.viewers + 1;
  END IF;
END $fn$;
--> statement-breakpoint
-- A report that moved an existing row (an upsert's INSERT triggers run for rows that then
-- conflict, so the insert side is an AFTER trigger: it runs only for rows really inserted).
CREATE OR REPLACE FUNCTION video_progress_on_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.position_seconds IS NULL THEN RETURN NEW; END IF;
  PERFORM video_progress_record(NEW.video_id, OLD.furthest_seconds, NEW.position_seconds,
    NEW.position_seconds - coalesce(OLD.position_seconds, 0));
  NEW.furthest_seconds := greatest(OLD.furthest_seconds, NEW.position_seconds);
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_progress_on_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.position_seconds IS NULL THEN RETURN NULL; END IF;
  PERFORM video_progress_record(NEW.video_id, NULL, NEW.position_seconds, NEW.position_seconds);
  UPDATE watch_history SET furthest_seconds = NEW.position_seconds WHERE id = NEW.id;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER video_progress_stats_insert AFTER INSERT ON watch_history
  FOR EACH ROW EXECUTE FUNCTION video_progress_on_insert();
--> statement-breakpoint
CREATE TRIGGER video_progress_stats_update BEFORE UPDATE OF position_seconds ON watch_history
  FOR EACH ROW EXECUTE FUNCTION video_progress_on_update();
--> statement-breakpoint
-- Likes of a video and comments on it, counted in the hour they were made (a removal takes one
-- back from that hour, so each day shows those that are still there).
CREATE OR REPLACE FUNCTION video_engagement_stats() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  delta int := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF TG_TABLE_NAME = 'likes' THEN
    INSERT INTO video_stat_hours AS h (video_id, hour, likes)
    SELECT l.target_id, date_trunc('hour', l.created_at, 'UTC'), delta * count(*)::int
    FROM (SELECT * FROM changed_rows) l JOIN videos v ON v.id = l.target_id
    WHERE l.target_type = 'video'
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (video_id, hour) DO UPDATE SET likes = h.likes + excluded.likes;
  ELSE
    INSERT INTO video_stat_hours AS h (video_id, hour, comments)
    SELECT c.video_id, date_trunc('hour', c.created_at, 'UTC'), delta * count(*)::int
    FROM (SELECT * FROM changed_rows) c JOIN videos v ON v.id = c.video_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (video_id, hour) DO UPDATE SET comments = h.comments + excluded.comments;
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER video_likes_stats_insert AFTER INSERT ON likes
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION video_engagement_stats();
--> statement-breakpoint
CREATE TRIGGER video_likes_stats_delete AFTER DELETE ON likes
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION video_engagement_stats();
--> statement-breakpoint
CREATE TRIGGER video_comments_stats_insert AFTER INSERT ON comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION video_engagement_stats();
--> statement-breakpoint
CREATE TRIGGER video_comments_stats_delete AFTER DELETE ON comments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION video_engagement_stats();
--> statement-breakpoint
-- Databases that already hold rows start with what they know.
INSERT INTO video_stat_hours (video_id, hour, views)
SELECT video_id, date_trunc('hour', counted_at, 'UTC'), count(*)::int FROM video_views GROUP BY 1, 2
ON CONFLICT (video_id, hour) DO UPDATE SET views = excluded.views;
--> statement-breakpoint
INSERT INTO video_stat_hours AS h (video_id, hour, likes)
SELECT l.target_id, date_trunc('hour', l.created_at, 'UTC'), count(*)::int
FROM likes l JOIN videos v ON v.id = l.target_id WHERE l.target_type = 'video' GROUP BY 1, 2
ON CONFLICT (video_id, hour) DO UPDATE SET likes = excluded.likes;
--> statement-breakpoint
INSERT INTO video_stat_hours AS h (video_id, hour, comments)
SELECT video_id, date_trunc('hour', created_at, 'UTC'), count(*)::int FROM comments GROUP BY 1, 2
ON CONFLICT (video_id, hour) DO UPDATE SET comments = excluded.comments;
