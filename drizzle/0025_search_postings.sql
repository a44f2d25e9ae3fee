-- Issue 31's speed targets: the ranked page of a search read from an index in relevance order.
-- Written by hand. search_postings holds, for every published video, one row per lexeme of its
-- search document and one per pair of lexemes that follow each other in a field (a phrase's
-- pieces), with the best field holding it (3 title, 2 tags, 1 description) and the video's
-- popularity step, date and duration. Read in its rank index's order, a term's rows are its
-- matches in relevance order, so a page reads the page's rows and not every match
-- (server/feed/search-postings.ts). Triggers keep it equal to the published videos, whoever
-- writes them (API, demo seed, bulk loads).
CREATE TABLE "search_postings" (
	"term" text NOT NULL,
	"video_id" text NOT NULL,
	"field" smallint NOT NULL,
	"views_tier" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"duration" double precision NOT NULL
);
--> statement-breakpoint
-- Membership (does this video hold that term, in which field) and a video's rows, by its id.
CREATE UNIQUE INDEX "search_postings_video_idx" ON "search_postings" ("video_id", "term") INCLUDE ("field");
--> statement-breakpoint
-- A term's matches in relevance order; the filters' columns ride along for index-only reads.
CREATE INDEX "search_postings_rank_idx" ON "search_postings"
  ("term", "field" DESC, "views_tier" DESC, "created_at" DESC, "video_id") INCLUDE ("duration");
--> statement-breakpoint
-- The terms of a video: each lexeme of its title, tags and description, and each pair of lexemes
-- one after the other in a field ("guitar riff"), with the best field holding the term. A stop
-- word between two words is skipped ("cup of tea" holds "cup tea"), as the query's terms skip it.
CREATE OR REPLACE FUNCTION search_terms_of(title text, tags text[], description text)
RETURNS TABLE (term text, field smallint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  WITH parts (field, doc) AS (
    VALUES (3::smallint, to_tsvector('english'::regconfig, coalesce(title, ''))),
           (2::smallint, to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), ''))),
           (1::smallint, to_tsvector('english'::regconfig, coalesce(description, '')))
  ), words AS (
    SELECT p.field, w.lexeme, pos
    FROM parts p, unnest(p.doc) AS w (lexeme, positions, weights), unnest(w.positions) AS pos
  ), pairs AS (
    SELECT field, lexeme || ' ' || lead(lexeme) OVER (PARTITION BY field ORDER BY pos) AS term
    FROM words
  )
  SELECT t.term, max(t.field)::smallint FROM (
    SELECT lexeme AS term, field FROM words
    UNION ALL
    SELECT term, field FROM pairs WHERE term IS NOT NULL
  ) AS t GROUP BY t.term
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_on_video_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO search_postings (term, video_id, field, views_tier, created_at, duration)
  SELECT t.term, r.id, t.field, r.views_tier, r.created_at, r.duration
  FROM new_rows r, search_terms_of(r.title, r.tags, r.description) AS t
  WHERE r.is_published;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_on_video_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_postings p USING old_rows r WHERE r.is_published AND p.video_id = r.id;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
-- A changed text or publication rewrites the video's rows; a new popularity step, date or duration
-- updates them in place. A view that leaves the step as it was (most of them) changes nothing.
CREATE OR REPLACE FUNCTION search_postings_on_video_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- Three statements, not data-modifying CTEs: those run in no fixed order, and the new rows
  -- must not meet the old ones in the unique index.
  DELETE FROM search_postings p USING old_rows o JOIN new_rows n ON n.id = o.id
  WHERE p.video_id = o.id AND o.is_published
    AND (o.is_published, o.title, o.tags, o.description)
      IS DISTINCT FROM (n.is_published, n.title, n.tags, n.description);
  INSERT INTO search_postings (term, video_id, field, views_tier, created_at, duration)
  SELECT t.term, n.id, t.field, n.views_tier, n.created_at, n.duration
  FROM old_rows o JOIN new_rows n ON n.id = o.id,
       search_terms_of(n.title, n.tags, n.description) AS t
  WHERE n.is_published
    AND (o.is_published, o.title, o.tags, o.description)
      IS DISTINCT FROM (n.is_published, n.title, n.tags, n.description);
  UPDATE search_postings p
  SET views_tier = n.views_tier, created_at = n.created_at, duration = n.duration
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE p.video_id = n.id AND n.is_published
    AND (o.is_published, o.title, o.tags, o.description)
      IS NOT DISTINCT FROM (n.is_published, n.title, n.tags, n.description)
    AND (o.views_tier, o.created_at, o.duration)
      IS DISTINCT FROM (n.views_tier, n.created_at, n.duration);
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER "search_postings_video_insert" AFTER INSERT ON "videos"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_on_video_insert();
--> statement-breakpoint
CREATE TRIGGER "search_postings_video_delete" AFTER DELETE ON "videos"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_on_video_delete();
--> statement-breakpoint
CREATE TRIGGER "search_postings_video_update" AFTER UPDATE ON "videos"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_postings_on_video_update();
--> statement-breakpoint
-- Databases that already hold published videos start with their rows.
INSERT INTO search_postings (term, video_id, field, views_tier, created_at, duration)
SELECT t.term, v.id, t.field, v.views_tier, v.created_at, v.duration
FROM videos v, search_terms_of(v.title, v.tags, v.description) AS t
WHERE v.is_published;
