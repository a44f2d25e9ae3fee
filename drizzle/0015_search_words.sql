-- Typo tolerance and channel search (issue 31): pg_trgm (PGlite loads it as an extension too,
-- server/db/pglite-worker.ts), the search vocabulary and trigram indexes on channel names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_user_name_trgm_idx" ON "users" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_title_search_idx" ON "videos" USING gin (to_tsvector('english'::regconfig, "title")) WITH (gin_pending_list_limit=64);
--> statement-breakpoint
-- Written by hand from here on: triggers keep search_words equal to the words of published videos'
-- titles and tags and of channel names (user_name, full_name), whoever writes them (API, demo seed,
-- bulk loads). A video counts once per word. Statement-level like video_counts' (migration 0001), so
-- a bulk load upserts each word once per statement, in word order (concurrent writers lock rows in
-- the same order); an update touching none of these columns (views, likes_count) changes nothing.
CREATE OR REPLACE FUNCTION search_words_of(title text, tags text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT tsvector_to_array(to_tsvector('simple'::regconfig,
    coalesce(title, '') || ' ' || coalesce(array_to_string(tags, ' '), '')))
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_on_video_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO search_words AS w (word, n)
  SELECT word, count(*)::int FROM new_rows r, unnest(search_words_of(r.title, r.tags)) AS word
  WHERE r.is_published GROUP BY word ORDER BY word
  ON CONFLICT (word) DO UPDATE SET n = w.n + excluded.n;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_on_video_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  zeroed text[];
BEGIN
  WITH up AS (
    INSERT INTO search_words AS w (word, n)
    SELECT word, -count(*)::int FROM old_rows r, unnest(search_words_of(r.title, r.tags)) AS word
    WHERE r.is_published GROUP BY word ORDER BY word
    ON CONFLICT (word) DO UPDATE SET n = w.n + excluded.n
    RETURNING w.word, w.n
  ) SELECT array_agg(word) FILTER (WHERE n <= 0) INTO zeroed FROM up;
  -- A word no published video or channel holds any more leaves the vocabulary.
  IF zeroed IS NOT NULL THEN DELETE FROM search_words WHERE word = ANY (zeroed); END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_on_video_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  zeroed text[];
BEGIN
  WITH changed AS (
    SELECT o.title AS old_title, o.tags AS old_tags, o.is_published AS old_pub,
           n.title AS new_title, n.tags AS new_tags, n.is_published AS new_pub
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.is_published, o.title, o.tags) IS DISTINCT FROM (n.is_published, n.title, n.tags)
  ), deltas AS (
    SELECT word, 1 AS d FROM changed, unnest(search_words_of(new_title, new_tags)) AS word
    WHERE new_pub
    UNION ALL
    SELECT word, -1 FROM changed, unnest(search_words_of(old_title, old_tags)) AS word
    WHERE old_pub
  )
  , up AS (
    INSERT INTO search_words AS w (word, n)
    SELECT word, sum(d)::int FROM deltas GROUP BY word HAVING sum(d) <> 0 ORDER BY word
    ON CONFLICT (word) DO UPDATE SET n = w.n + excluded.n
    RETURNING w.word, w.n
  ) SELECT array_agg(word) FILTER (WHERE n <= 0) INTO zeroed FROM up;
  IF zeroed IS NOT NULL THEN DELETE FROM search_words WHERE word = ANY (zeroed); END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER search_words_video_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_on_video_insert();
--> statement-breakpoint
CREATE TRIGGER search_words_video_delete AFTER DELETE ON videos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_on_video_delete();
--> statement-breakpoint
CREATE TRIGGER search_words_video_update AFTER UPDATE ON videos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_on_video_update();
--> statement-breakpoint
-- Channel names: a channel counts once per word of its user name and full name. Row-level: users
-- are written one at a time.
CREATE OR REPLACE FUNCTION search_words_on_user() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  zeroed text[];
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.user_name, OLD.full_name) IS NOT DISTINCT FROM (NEW.user_name, NEW.full_name) THEN
    RETURN NULL;
  END IF;
  WITH up AS (
  INSERT INTO search_words AS w (word, n)
  SELECT word, sum(d)::int FROM (
    SELECT word, 1 AS d FROM unnest(CASE WHEN TG_OP <> 'DELETE'
      THEN search_words_of(NEW.user_name || ' ' || NEW.full_name, '{}') END) AS word
    UNION ALL
    SELECT word, -1 FROM unnest(CASE WHEN TG_OP <> 'INSERT'
      THEN search_words_of(OLD.user_name || ' ' || OLD.full_name, '{}') END) AS word
  ) x GROUP BY word HAVING sum(d) <> 0 ORDER BY word
  ON CONFLICT (word) DO UPDATE SET n = w.n + excluded.n
  RETURNING w.word, w.n
  ) SELECT array_agg(word) FILTER (WHERE n <= 0) INTO zeroed FROM up;
  IF zeroed IS NOT NULL THEN DELETE FROM search_words WHERE word = ANY (zeroed); END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER search_words_user AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION search_words_on_user();
--> statement-breakpoint
-- Databases that already hold videos and channels start with their words.
INSERT INTO search_words (word, n)
SELECT word, count(*)::int FROM (
  SELECT word FROM videos v, unnest(search_words_of(v.title, v.tags)) AS word WHERE v.is_published
  UNION ALL
  SELECT word FROM users u, unnest(search_words_of(u.user_name || ' ' || u.full_name, '{}')) AS word
) x GROUP BY word;
--> statement-breakpoint
-- The title index's statistics (most common title words), which the planner reads for relevance's
-- title candidates; ANALYZE samples at most 30 000 rows.
ANALYZE videos;
