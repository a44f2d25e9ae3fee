CREATE TABLE "video_counts" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_counts_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "videos_duration_idx" ON "videos" USING btree ("duration" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_title_idx" ON "videos" USING btree ("title");--> statement-breakpoint
-- Written by hand from here on: statement-level triggers keep video_counts equal to the published
-- rows of videos, whoever writes them (API, demo seed, bulk catalogue loads). One upsert per
-- (scope, key) per statement, in key order so concurrent writers lock rows in the same order.
CREATE OR REPLACE FUNCTION video_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO video_counts AS c (scope, key, n)
  SELECT scope, key, sum(d)::int FROM (
    SELECT 'all'::text AS scope, ''::text AS key, 1 AS d FROM new_rows WHERE is_published
    UNION ALL SELECT 'owner', owner_id, 1 FROM new_rows WHERE is_published
    UNION ALL SELECT 'tag', t.tag, 1 FROM new_rows r
      CROSS JOIN LATERAL (SELECT DISTINCT unnest(r.tags) AS tag) t WHERE r.is_published
  ) x GROUP BY scope, key ORDER BY scope, key
  ON CONFLICT (scope, key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO video_counts AS c (scope, key, n)
  SELECT scope, key, sum(d)::int FROM (
    SELECT 'all'::text AS scope, ''::text AS key, -1 AS d FROM old_rows WHERE is_published
    UNION ALL SELECT 'owner', owner_id, -1 FROM old_rows WHERE is_published
    UNION ALL SELECT 'tag', t.tag, -1 FROM old_rows r
      CROSS JOIN LATERAL (SELECT DISTINCT unnest(r.tags) AS tag) t WHERE r.is_published
  ) x GROUP BY scope, key ORDER BY scope, key
  ON CONFLICT (scope, key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- Most updates (views, likes_count) touch none of the counted columns: nothing to do.
  WITH changed AS (
    SELECT o.owner_id AS old_owner, o.tags AS old_tags, o.is_published AS old_pub,
           n.owner_id AS new_owner, n.tags AS new_tags, n.is_published AS new_pub
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.is_published, o.owner_id, o.tags) IS DISTINCT FROM (n.is_published, n.owner_id, n.tags)
  ), deltas AS (
    SELECT new_owner AS owner_id, new_tags AS tags, 1 AS d FROM changed WHERE new_pub
    UNION ALL SELECT old_owner, old_tags, -1 FROM changed WHERE old_pub
  )
  INSERT INTO video_counts AS c (scope, key, n)
  SELECT scope, key, sum(d)::int FROM (
    SELECT 'all'::text AS scope, ''::text AS key, d FROM deltas
    UNION ALL SELECT 'owner', owner_id, d FROM deltas
    UNION ALL SELECT 'tag', t.tag, d FROM deltas r
      CROSS JOIN LATERAL (SELECT DISTINCT unnest(r.tags) AS tag) t
  ) x GROUP BY scope, key HAVING sum(d) <> 0 ORDER BY scope, key
  ON CONFLICT (scope, key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER video_counts_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION video_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER video_counts_delete AFTER DELETE ON videos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION video_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER video_counts_update AFTER UPDATE ON videos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION video_counts_on_update();
--> statement-breakpoint
-- Databases that already hold videos start with the right counts.
INSERT INTO video_counts (scope, key, n)
SELECT scope, key, count(*)::int FROM (
  SELECT 'all'::text AS scope, ''::text AS key FROM videos WHERE is_published
  UNION ALL SELECT 'owner', owner_id FROM videos WHERE is_published
  UNION ALL SELECT 'tag', t.tag FROM videos v
    CROSS JOIN LATERAL (SELECT DISTINCT unnest(v.tags) AS tag) t WHERE v.is_published
) x GROUP BY scope, key;
