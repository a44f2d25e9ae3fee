-- Suggestions while typing on a large catalogue (issue 31): the titles starting with what was typed,
-- most viewed first, read one popularity step at a time. The source read the whole of
-- videos_title_popular_prefix_idx (views_tier, folded title) for a prefix few or no titles start
-- with, its prefix only filtering each step's entries: 22-27 ms at 1 000 000 videos ("bre", "zzq";
-- bench/suggestions.ts). It now walks the steps that exist from the top (the popularity index gives
-- the next one down), reads each step's titles in the prefix's range of the same index, and stops
-- once it has per_source titles: at most two index probes per step, about 340 steps at 2 000 000
-- views, whatever the catalogue's size (PostgreSQL's wiki calls this a loose index scan). The rows
-- come out step by step, most viewed first within a step, so the first per_source are those the
-- old ORDER BY views_tier DESC, views DESC LIMIT per_source chose; feed/suggestions.ts ranks them.
-- The other sources are as in 0019.
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
BEGIN
  RETURN QUERY
    SELECT 'query'::text, q.text, q.count::float8, true
      FROM (SELECT s.text, s.count, s.video_id FROM search_queries s
        WHERE search_fold(s.text) ~>=~ low AND search_fold(s.text) ~<~ high
          AND s.count >= min_count
        ORDER BY s.count DESC LIMIT queries_max) q
      WHERE EXISTS (SELECT 1 FROM videos v WHERE v.id = q.video_id AND v.is_published);
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
  IF words IS NOT NULL THEN
    RETURN QUERY
      SELECT 'title'::text, m.title, m.views::float8, false
        FROM (SELECT v.title, v.views, v.views_tier FROM videos v
          WHERE v.is_published AND v.search_vector @@ to_tsquery('english', words)
          LIMIT per_source * 8) m
        ORDER BY m.views_tier DESC, m.views DESC LIMIT per_source;
  END IF;
END
$fn$;
