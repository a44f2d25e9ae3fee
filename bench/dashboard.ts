/**
 * `npm run bench -- dashboard`: single-connection p50 of GET /dashboard/stats and
 * GET /dashboard/views?days=90 for a channel with 1 000 videos and 1 000 000 counted views on the
 * embedded database. Neither call caches anything, so every request does the full work.
 */
import { sql } from 'drizzle-orm';
import { createSession } from '../server/auth/sessions.js';
import {
  CREATOR_ID,
  ensureDashboardDataset,
  openDashboardContext,
} from './lib/dashboard-dataset.js';
import { load } from './lib/load.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

const TARGET_MS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** A fresh session of the bench creator (made before the server opens the database). */
async function creatorCookie(dataDir: string): Promise<{ cookie: string; views: number }> {
  const { ctx, database } = await openDashboardContext(dataDir);
  try {
    const tokens = await createSession(ctx.db, CREATOR_ID, ctx.config.accessTokenSecret);
    const result = await ctx.db.execute(sql`select count(*)::int as n from video_views`);
    const views = (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    return { cookie: `accessToken=${tokens.accessToken}`, views };
  } finally {
    await database.close();
  }
}

export async function benchDashboard(): Promise<Row[]> {
  const { dataDir, builtSeconds } = await ensureDashboardDataset();
  const { cookie, views } = await creatorCookie(dataDir);
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, SEED_DEMO: '0', DATABASE_URL: undefined },
  });
  const bench = 'dashboard (embedded)';
  const rows: Row[] = [];
  if (builtSeconds !== undefined) {
    rows.push({ bench, metric: 'dataset built (once)', value: `${builtSeconds.toFixed(0)} s` });
  }
  try {
    for (const path of [
      '/api/v1/dashboard/stats',
      '/api/v1/dashboard/views?days=90&tz=Europe%2FBerlin',
    ]) {
      const url = `${server.url}${path}`;
      const check = await fetch(url, { headers: { cookie } });
      if (!check.ok) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);
      await load(url, { seconds: 1, connections: 1, headers: { cookie } });
      const r = await load(url, { seconds: SECONDS, connections: 1, headers: { cookie } });
      rows.push({
        bench,
        metric: `${path.replace('/api/v1', '')} (${views} views), 1 connection: p50 · p99`,
        value: `${ms(r.p50)} · ${ms(r.p99)}`,
        target: `p50 ≤ ${TARGET_MS} ms`,
        ok: r.p50 <= TARGET_MS && r.failures === 0,
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}
