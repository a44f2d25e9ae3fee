-- A counted view stays a HOT update (schema.ts: `views` is on no index). 0027 carried `views` in
-- the title prefix index (INCLUDE), and PostgreSQL keeps an update HOT only when no column of any
-- index changes, INCLUDE columns too: every counted view wrote a new entry into each of the
-- table's indexes, three of them GIN. The index keeps the title and the popularity step; the
-- suggestions' few-titles read (search_suggestion_candidates, at most 256 titles of a rare prefix)
-- reads their views from the rows.
DROP INDEX IF EXISTS "videos_title_prefix_idx";
--> statement-breakpoint
CREATE INDEX "videos_title_prefix_idx" ON "videos" (search_fold("title") text_pattern_ops)
  INCLUDE ("title", "views_tier") WHERE "is_published";
