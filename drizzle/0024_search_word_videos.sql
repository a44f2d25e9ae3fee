-- Issue 31's speed targets. Written by hand: search_words (migration 0015) also counts, per word,
-- the published videos holding it in their title or tags (`n` counts channels too). Each such
-- video matches a plain-words search of that word, so a search whose most common word is in more
-- videos than the count cap is "at least" that many without counting its matches
-- (server/feed/search-total.ts): counting to the cap took 77 ms for "night train ferry" at
-- 100 000 videos. The video triggers below are 0015's with the column added; the channel trigger
-- is unchanged (it never touches `videos`).
ALTER TABLE "search_words" ADD COLUMN "videos" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_on_video_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO search_words AS w (word, n, videos)
  SELECT word, count(*)::int, count(*)::int
  FROM new_rows r, unnest(search_words_of(r.title, r.tags)) AS word
  WHERE r.is_published GROUP BY word ORDER BY word
  ON CONFLICT (word) DO UPDATE SET n = w.n + excluded.n, videos = w.videos + excluded.videos;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_on_video_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  zeroed text[];
BEGIN
  WITH up AS (
    INSERT INTO search_words AS w (word, n, videos)
    SELECT word, -count(*)::int, -count(*)::int
    FROM old_rows r, unnest(search_words_of(r.title, r.tags)) AS word
    WHERE r.is_published GROUP BY word ORDER BY word
    ON CONFLICT (word) DO UPDATE SET n = w.n + excluded.n, videos = w.videos + excluded.videos
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
    INSERT INTO search_words AS w (word, n, videos)
    SELECT word, sum(d)::int, sum(d)::int FROM deltas GROUP BY word HAVING sum(d) <> 0 ORDER BY word
    ON CONFLICT (word) DO UPDATE SET n = w.n + excluded.n, videos = w.videos + excluded.videos
    RETURNING w.word, w.n
  ) SELECT array_agg(word) FILTER (WHERE n <= 0) INTO zeroed FROM up;
  IF zeroed IS NOT NULL THEN DELETE FROM search_words WHERE word = ANY (zeroed); END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
-- Databases that already hold published videos start with their counts.
UPDATE search_words AS w SET videos = x.videos
FROM (
  SELECT word, count(*)::int AS videos
  FROM videos v, unnest(search_words_of(v.title, v.tags)) AS word
  WHERE v.is_published GROUP BY word
) AS x
WHERE x.word = w.word;
