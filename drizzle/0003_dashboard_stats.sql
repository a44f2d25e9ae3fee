CREATE TABLE "channel_stat_hours" (
	"channel_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"subscribers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "channel_stat_hours_channel_id_hour_pk" PRIMARY KEY("channel_id","hour")
);
--> statement-breakpoint
CREATE TABLE "video_view_blocks" (
	"video_id" text NOT NULL,
	"block" integer NOT NULL,
	"channel_id" text NOT NULL,
	"cum" integer[] NOT NULL,
	CONSTRAINT "video_view_blocks_video_id_block_pk" PRIMARY KEY("video_id","block")
);
--> statement-breakpoint
ALTER TABLE "video_view_blocks" ADD CONSTRAINT "video_view_blocks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_view_blocks_channel_idx" ON "video_view_blocks" USING btree ("channel_id","block");--> statement-breakpoint
CREATE INDEX "comments_owner_idx" ON "comments" USING btree ("owner_id");--> statement-breakpoint
-- Written by hand from here on: the dashboard's history tables are kept by triggers, so that every
-- writer (the view counter, subscribe toggles, the demo seed, bulk loads) keeps them exact.
-- Element-wise sum of two equally long integer arrays (the running totals of video_view_blocks).
-- STRICT, so that the aggregate below starts from its first input.
CREATE OR REPLACE FUNCTION int_arrays_add(a integer[], b integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE STRICT AS $fn$
  SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS t(x, y, i)
$fn$;
--> statement-breakpoint
CREATE AGGREGATE int_arrays_sum(integer[]) (sfunc = int_arrays_add, stype = integer[]);
--> statement-breakpoint
-- Adds `counts[k]` counted views of `video_ids[k]` at `ats[k]` to both history tables. One upsert
-- per table and statement, in key order so that concurrent writers lock rows in the same order.
-- Blocks are 128 UTC days (epoch day / 128); cum[i] holds the views of the block's days 1…i, so n
-- views on the block's day d add n to cum[d…128]: zeros, then n (array_fill), summed per block.
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
END $fn$;
--> statement-breakpoint
-- Adds `delta` new subscribers per subscription to the hour it began.
CREATE OR REPLACE FUNCTION dashboard_add_subscribers(channel_ids text[], ats timestamptz[], delta integer)
RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO channel_stat_hours AS c (channel_id, hour, subscribers)
  SELECT r.channel_id, date_trunc('hour', r.at, 'UTC'), delta * count(*)::int
  FROM unnest(channel_ids, ats) AS r(channel_id, at)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (channel_id, hour) DO UPDATE SET subscribers = c.subscribers + excluded.subscribers;
END $fn$;
--> statement-breakpoint
-- A video_views row inserted, or its counted_at moved on, is one counted view (video-watch.ts).
CREATE OR REPLACE FUNCTION dashboard_views_on_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM dashboard_add_views(array_agg(video_id), array_agg(counted_at), array_agg(1))
  FROM new_rows;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_views_on_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM dashboard_add_views(array_agg(n.video_id), array_agg(n.counted_at), array_agg(1))
  FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id AND o.video_id = n.video_id
  WHERE n.counted_at IS DISTINCT FROM o.counted_at;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_subscriptions_on_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM dashboard_add_subscribers(array_agg(channel_id), array_agg(created_at), 1) FROM new_rows;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_subscriptions_on_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM dashboard_add_subscribers(array_agg(channel_id), array_agg(created_at), -1) FROM old_rows;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER dashboard_views_insert AFTER INSERT ON video_views
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_views_on_insert();
--> statement-breakpoint
CREATE TRIGGER dashboard_views_update AFTER UPDATE ON video_views
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_views_on_update();
--> statement-breakpoint
CREATE TRIGGER dashboard_subscriptions_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_subscriptions_on_insert();
--> statement-breakpoint
CREATE TRIGGER dashboard_subscriptions_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_subscriptions_on_delete();
--> statement-breakpoint
-- Databases that already hold rows start with what they know: one view per video_views row (its
-- latest counted time; earlier counted views of the same viewer left no timestamp) and every
-- subscription.
SELECT dashboard_add_views(array_agg(video_id), array_agg(counted_at), array_agg(1)) FROM video_views;
--> statement-breakpoint
SELECT dashboard_add_subscribers(array_agg(channel_id), array_agg(created_at), 1) FROM subscriptions;
