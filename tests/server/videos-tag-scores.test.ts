/** The decayed tag score: stored in log space so ORDER BY score is ORDER BY today's interest. */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTagScores } from '../../server/db/schema.js';
import {
  TAG_HALF_LIFE_HOURS,
  decayedTagScore,
  storedTagScore,
  tagInterestUpsert,
} from '../../server/videos/tag-scores.js';
import { createUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

const HOUR = 3_600_000;

/** One view now of each of `tags` (duplicates included), as the view counter writes them. */
async function viewTags(t: TestApp, userId: string, tags: string[]) {
  await t.ctx.db.execute(
    tagInterestUpsert(
      sql`select ${userId}::text as user_id, jsonb_array_elements_text(${JSON.stringify(tags)}::jsonb) as tag, now() as at`,
    ),
  );
}

describe('tag interest scores', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds one per view, and a view one half-life old counts one half', () => {
    const now = new Date();
    const halfLifeAgo = new Date(now.getTime() - TAG_HALF_LIFE_HOURS * HOUR);
    const nowUnits = now.getTime() / (TAG_HALF_LIFE_HOURS * HOUR);
    const current = (stored: number) => 2 ** (stored - nowUnits);
    expect(current(storedTagScore([now]))).toBeCloseTo(1, 6);
    expect(current(storedTagScore([now, now]))).toBeCloseTo(2, 6);
    expect(current(storedTagScore([halfLifeAgo]))).toBeCloseTo(0.5, 6);
    expect(current(storedTagScore([now, halfLifeAgo]))).toBeCloseTo(1.5, 6);
  });

  it('ranks a tag watched today above one watched twice a month ago', async () => {
    const user = await createUser(t);
    const monthAgo = new Date(Date.now() - 30 * 24 * HOUR);
    await t.ctx.db.insert(userTagScores).values({
      userId: user.id,
      tag: 'old-favourite',
      score: storedTagScore([monthAgo, monthAgo]),
    });
    await viewTags(t, user.id, ['fresh']);
    const ranked = await t.ctx.db
      .select({ tag: userTagScores.tag, now: decayedTagScore })
      .from(userTagScores)
      .where(eq(userTagScores.userId, user.id))
      .orderBy(userTagScores.score);
    expect(ranked.map((r) => r.tag)).toEqual(['old-favourite', 'fresh']);
    // A month of decay leaves 2 × 2^(-10) ≈ 0.002.
    expect(ranked[1]!.now).toBeCloseTo(1, 3);
    expect(ranked[0]!.now).toBeCloseTo(2 * 2 ** (-(30 * 24) / TAG_HALF_LIFE_HOURS), 4);
  });

  it('accumulates repeated views, in one statement and across statements, like the formula', async () => {
    const user = await createUser(t);
    await viewTags(t, user.id, ['music']);
    await viewTags(t, user.id, ['music', 'music']);
    const [row] = await t.ctx.db
      .select({ now: decayedTagScore })
      .from(userTagScores)
      .where(and(eq(userTagScores.userId, user.id), eq(userTagScores.tag, 'music')));
    expect(row!.now).toBeCloseTo(3, 3);
  });
});
