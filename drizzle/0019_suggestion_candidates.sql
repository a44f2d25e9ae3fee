-- Suggestions while typing (issue 31) as one function: each source's statement is planned once
-- per connection and its plan kept (PL/pgSQL caches them), where the one statement built per
-- request was planned on every keystroke (2-35 ms against 1-2 ms to run it), and the SET clause
-- keeps the planner off sequential scans without a transaction around the call (a LIMIT can make
-- it guess that scanning videos finds enough title words early, which for a rare word reads the
-- whole table). feed/suggestions.ts ranks what it returns; bench/suggestions.ts prints the plan of
-- every RETURN QUERY below. The sources are described in feed/suggestions.ts.
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
    SELECT 'title'::text, v.title, v.views::float8, true FROM videos v
      WHERE v.is_published AND search_fold(v.title) ~>=~ low AND search_fold(v.title) ~<~ high
      ORDER BY v.views_tier DESC, v.views DESC LIMIT per_source;
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
