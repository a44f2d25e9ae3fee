/**
 * Per-user tag interest: every counted view adds 1 to each of the video's tags, and scores halve
 * every TAG_HALF_LIFE_HOURS, so recent and frequent tags win.
 *
 * Stored form: `score` holds log2(Σ 2^(tᵢ / half-life)) over the user's views tᵢ of that tag (time
 * in half-lives since the Unix epoch). The decayed score now is 2^(score − now/half-life), so
 * ordering by the stored column is exactly ordering by today's decayed score: `ORDER BY score DESC`
 * over the (user_id, score) index gives the top tags without rewriting any row as time passes.
 * Adding a view is a log-sum-exp, numerically stable for any date.
 */
import { sql, type SQL } from 'drizzle-orm';
import { userTagScores } from '../db/schema.js';

export const TAG_HALF_LIFE_HOURS = 72;

const HALF_LIFE_SECONDS = TAG_HALF_LIFE_HOURS * 3600;

/** Now, in half-lives since the Unix epoch (the unit of the stored score). */
const nowInHalfLives = sql`(extract(epoch from now()) / ${HALF_LIFE_SECONDS})::float8`;

/**
 * `INSERT … ON CONFLICT` adding one view's worth of interest per row of `views`, a query of
 * (user_id, tag, at): the views of one user and tag are summed in log space first (one row per
 * key, as ON CONFLICT requires), then merged into the stored score. Meant to run inside a larger
 * statement (view-counter.ts); a caller may append RETURNING.
 */
export function tagInterestUpsert(views: SQL): SQL {
  const halfLives = sql.raw(String(HALF_LIFE_SECONDS));
  return sql`
    insert into user_tag_scores as s (user_id, tag, score, updated_at)
    select user_id, tag, top + ln(sum(power(2::float8, u - top))) / ln(2::float8), now()
    from (
      select user_id, tag, u, max(u) over (partition by user_id, tag) as top
      from (select user_id, tag, extract(epoch from at)::float8 / ${halfLives} as u
            from (${views}) as v) as units
    ) as w
    group by user_id, tag, top
    order by user_id, tag
    on conflict (user_id, tag) do update set
      -- log2(2^a + 2^b) = max(a, b) + log2(1 + 2^-|a − b|)
      score = greatest(s.score, excluded.score)
              + ln(1 + power(2::float8, -abs(s.score - excluded.score))) / ln(2::float8),
      updated_at = now()`;
}

/** SQL for the decayed score now (1 for a single view just made), for reports and tests. */
export const decayedTagScore = sql<number>`power(2::float8, ${userTagScores.score} - ${nowInHalfLives})`;

/**
 * The stored score for views made at `times` (for seeding or backfills outside the database):
 * log2(Σ 2^(tᵢ / half-life)), computed stably. Rows written with it rank exactly like rows built
 * view by view through tagInterestUpsert.
 */
export function storedTagScore(times: readonly Date[]): number {
  const units = times.map((t) => t.getTime() / (TAG_HALF_LIFE_HOURS * 3_600_000));
  if (units.length === 0) return -Infinity;
  const top = Math.max(...units);
  return top + Math.log2(units.reduce((sum, u) => sum + 2 ** (u - top), 0));
}
