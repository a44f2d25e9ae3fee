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
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { userTagScores } from '../db/schema.js';

export const TAG_HALF_LIFE_HOURS = 72;

/** Now, in half-lives since the Unix epoch (the unit of the stored score). */
const nowInHalfLives = sql`(extract(epoch from now()) / ${TAG_HALF_LIFE_HOURS * 3600})::float8`;

/** Adds one view's worth of interest in each of `tags` for `userId`. */
export async function recordTagInterest(db: Db | Tx, userId: string, tags: string[]) {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  await db
    .insert(userTagScores)
    .values(unique.map((tag) => ({ userId, tag, score: nowInHalfLives, updatedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: [userTagScores.userId, userTagScores.tag],
      set: {
        // log2(2^a + 2^b) = max(a, b) + log2(1 + 2^-|a − b|)
        score: sql`greatest(${userTagScores.score}, excluded.score) + ln(1 + power(2::float8, -abs(${userTagScores.score} - excluded.score))) / ln(2::float8)`,
        updatedAt: sql`now()`,
      },
    });
}

/** SQL for the decayed score now (1 for a single view just made), for reports and tests. */
export const decayedTagScore = sql<number>`power(2::float8, ${userTagScores.score} - ${nowInHalfLives})`;

/**
 * The stored score for views made at `times` (for seeding or backfills outside the database):
 * log2(Σ 2^(tᵢ / half-life)), computed stably. Rows written with it rank exactly like rows built
 * view by view through recordTagInterest.
 */
export function storedTagScore(times: readonly Date[]): number {
  const units = times.map((t) => t.getTime() / (TAG_HALF_LIFE_HOURS * 3_600_000));
  if (units.length === 0) return -Infinity;
  const top = Math.max(...units);
  return top + Math.log2(units.reduce((sum, u) => sum + 2 ** (u - top), 0));
}
