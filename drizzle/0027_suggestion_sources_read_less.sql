-- Suggestions while typing on a large catalogue (issue 31): two sources read less.
--
-- Titles starting with the text. 0026 walked the popularity steps from the top until it had
-- per_source titles; for a prefix few or no titles start with it walked every step: 2.8-3.2 ms at
-- 1 000 000 videos, in every call for such a prefix. Now the prefix index is read first, in its
-- own order, up to 256 entries: fewer than that are all the titles there are, sorted by views here;
-- 256 means a common prefix, which the step walk finishes in a few steps. The read needs no row of
-- videos: the prefix index now carries the title and the popularity (INCLUDE), an index-only
-- read of 256 entries in 0.3 ms where reading the rows and folding each title took 10 ms.
--
-- Titles with a word starting with the last word typed (one word typed). 0019 read the
-- popularity index and tested each video's search document until 128 matched: 5 600 videos for
-- "bre", 5 ms; the embedded database asked the GIN index for every lexeme of the prefix, 19 ms.
-- Now the vocabulary (search_words, migration 0015) gives the per_source words of the prefix held
-- by the most videos, and each word's lexeme its most popular title holders from the postings
-- (search_postings, migration 0025: field 3 is the title): 128 entries a word, index-only, then
-- the 128 most popular of them read from videos. Two or more words typed keep 0019's statement:
-- the other words narrow it. The other sources are as in 0026.
DROP INDEX IF EXISTS "videos_title_prefix_idx";
--> statement-breakpoint
CREATE INDEX "videos_title_prefix_idx" ON "videos" (search_fold("title") text_pattern_ops)
  INCLUDE ("title", "views_tier", "views") WHERE "is_published";
--> statement-breakpoint
-- The words of a prefix; no index holds `videos`, so a count changing stays a HOT update.
CREATE INDEX "search_words_prefix_idx" ON "search_words" ("word" text_pattern_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_suggestion_candidates(
  typed text, words text, per_source integer, queries_max integer, min_count integer)
RETURNS TABLE(kind text, text text, popularity double precision, whole boolean)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
AS $fn$
#variable_conflict use_column
DECLARE
  low text := search_fold(typed);
  high text := search_fold(typed) || chr(1114111);
  -- One word typed: feed/suggestions.ts's titleWordQuery() sends it as 'prefix:*A'.
  word_prefix text := substring(words from '^([^ &:]+):\*A$');
  prefixed integer;
BEGIN
  RETURN QUERY
    SELECT 'query'::text, q.text, q.count::float8, true
      FROM (SELECT s.text, s.count, s.video_id FROM search_queries s
        WHERE search_fold(s.text) ~>=~ low AND search_fold(s.text) ~<~ high
          AND s.count >= min_count
        ORDER BY s.count DESC LIMIT queries_max) q
      WHERE EXISTS (SELECT 1 FROM videos v WHERE v.id = q.video_id AND v.is_published);
  -- In the index's order, so that the read stops at 256 (unordered, the planner may read every
  -- entry of the prefix into a bitmap first).
  SELECT count(*) INTO prefixed FROM (SELECT FROM videos v
    WHERE v.is_published AND search_fold(v.title) ~>=~ low AND search_fold(v.title) ~<~ high
    ORDER BY search_fold(v.title) USING ~<~ LIMIT 256) f;
  IF prefixed < 256 THEN
    RETURN QUERY
      SELECT 'title'::text, f.title, f.views::float8, true
        FROM (SELECT v.title, v.views, v.views_tier FROM videos v
          WHERE v.is_published AND search_fold(v.title) ~>=~ low AND search_fold(v.title) ~<~ high
          ORDER BY search_fold(v.title) USING ~<~ LIMIT 256) f
        ORDER BY f.views_tier DESC, f.views DESC LIMIT per_source;
  ELSE
    RETURN QUERY
      WITH RECURSIVE steps (tier) AS (
        SELECT (SELECT max(v.views_tier) FROM videos v WHERE v.is_published)
        UNION ALL
        SELECT (SELECT max(v.views_tier) FROM videos v WHERE v.is_published AND v.views_tier < s.tier)
          FROM steps s WHERE s.tier IS NOT NULL
      )
      SELECT 'title'::text, m.title, m.views::float8, true
        FROM steps s
        CROSS JOIN LATERAL (
          SELECT v.title, v.views FROM videos v
            WHERE v.is_published AND v.views_tier = s.tier
              AND search_fold(v.title) ~>=~ low AND search_fold(v.title) ~<~ high
            ORDER BY v.views DESC LIMIT per_source) m
        WHERE s.tier IS NOT NULL
        LIMIT per_source;
  END IF;
  RETURN QUERY
    SELECT 'channel'::text,
        CASE WHEN search_fold(u.full_name) ~>=~ low AND search_fold(u.full_name) ~<~ high
          THEN u.full_name ELSE u.user_name END,
        u.subscriber_count::float8, true
      FROM users u
      WHERE ((search_fold(u.full_name) ~>=~ low AND search_fold(u.full_name) ~<~ high)
          OR (search_fold(u.user_name) ~>=~ low AND search_fold(u.user_name) ~<~ high))
        AND EXISTS (SELECT 1 FROM video_counts c WHERE c.scope = 'owner' AND c.key = u.id AND c.n > 0)
      ORDER BY u.subscriber_count DESC LIMIT per_source;
  RETURN QUERY
    SELECT 'tag'::text, c.key, c.n::float8, true FROM video_counts c
      WHERE c.scope = 'tag' AND c.n > 0 AND search_fold(c.key) ~>=~ low AND search_fold(c.key) ~<~ high
      ORDER BY c.n DESC LIMIT per_source;
  IF word_prefix IS NOT NULL THEN
    RETURN QUERY
      WITH lexemes AS (
        SELECT DISTINCT l.lexeme
          FROM (SELECT w.word FROM search_words w
              WHERE w.word ~>=~ word_prefix AND w.word ~<~ (word_prefix || chr(1114111))
                AND w.videos > 0
              ORDER BY w.videos DESC LIMIT per_source) w,
            unnest(tsvector_to_array(to_tsvector('english', w.word))) AS l (lexeme)
      ), holders AS MATERIALIZED (
        SELECT p.video_id, p.views_tier FROM lexemes x CROSS JOIN LATERAL (
          SELECT p.video_id, p.views_tier FROM search_postings p
            WHERE p.term = x.lexeme AND p.field = 3
            ORDER BY p.views_tier DESC LIMIT per_source * 8) p
          ORDER BY p.views_tier DESC LIMIT per_source * 8
      )
      SELECT 'title'::text, v.title, v.views::float8, false
        FROM videos v
        WHERE v.id IN (SELECT h.video_id FROM holders h) AND v.is_published
        ORDER BY v.views_tier DESC, v.views DESC LIMIT per_source;
  ELSIF words IS NOT NULL THEN
    RETURN QUERY
      SELECT 'title'::text, m.title, m.views::float8, false
        FROM (SELECT v.title, v.views, v.views_tier FROM videos v
          WHERE v.is_published AND v.search_vector @@ to_tsquery('english', words)
          LIMIT per_source * 8) m
        ORDER BY m.views_tier DESC, m.views DESC LIMIT per_source;
  END IF;
END
$fn$;
