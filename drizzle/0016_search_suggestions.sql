-- Suggestions while typing (issue 31). Hand-written beside the generated table: the folding
-- function and the expression indexes drizzle-kit cannot describe.
--
-- search_fold(): lower case without accents, the same on PGlite (C collation) and PostgreSQL, so
-- "CRÈME", "creme" and "Crème" meet. translate() over Latin-1 and Latin Extended-A/B instead of
-- the unaccent extension: nothing to load into PGlite, and IMMUTABLE as an index needs.
CREATE OR REPLACE FUNCTION search_fold(value text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $fn$
  SELECT lower(translate(value,
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳøØłŁđĐħĦı',
    'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyoOlLdDhHi'))
$fn$;
--> statement-breakpoint
CREATE TABLE "search_queries" (
	"text" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"video_id" text NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Prefix lookups read a range of these btrees (~>=~ and ~<~ of text_pattern_ops: byte order,
-- whatever the database's collation). Titles have two: the prefix alone, for a rare prefix, and
-- popularity first, which PostgreSQL 18's skip scan (PGlite) walks tier by tier and an older
-- server reads in order until enough titles of a common prefix have come; the planner picks.
CREATE INDEX "search_queries_prefix_idx" ON "search_queries" (search_fold("text") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "videos_title_prefix_idx" ON "videos" (search_fold("title") text_pattern_ops) WHERE "is_published";--> statement-breakpoint
CREATE INDEX "videos_title_popular_prefix_idx" ON "videos" ("views_tier" DESC, search_fold("title") text_pattern_ops) WHERE "is_published";--> statement-breakpoint
CREATE INDEX "video_counts_tag_prefix_idx" ON "video_counts" (search_fold("key") text_pattern_ops) WHERE "scope" = 'tag';--> statement-breakpoint
CREATE INDEX "users_user_name_prefix_idx" ON "users" (search_fold("user_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_prefix_idx" ON "users" (search_fold("full_name") text_pattern_ops);
