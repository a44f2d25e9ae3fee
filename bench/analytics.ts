/**
 * `npm run bench -- analytics` (issue 34): p50 of the per-video analytics queries
 * (server/dashboard/video-analytics.ts, days=90, Europe/Berlin) for a video with 1 000 000
 * counted views, on the embedded database. The views go through migration 0023's function
 * (dashboard_add_views, as the view counter's triggers call it) spread over 90 days, with
 * 200 000 viewers' progress reports' retention; beside it, as the floor, the same call for a
 * video with no views. Alternated in one run; the machine is shared, so the load average is
 * printed with it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createContext } from '../server/app-context.js';
import { loadConfig } from '../server/config.js';
import { videoAnalytics } from '../server/dashboard/video-analytics.js';
import { ms, type Row } from './lib/table.js';

const VIEWS = 1_000_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const bench = 'analytics (embedded)';
const OWNER = 'bench-analytics-owner';
const BIG = 'benchAnalytics1M';
const EMPTY = 'benchAnalytics00';

const p50 = (samples: number[]) => [...samples].sort((a, b) => a - b)[samples.length >> 1]!;

export async function benchAnalytics(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-analytics-'));
  const { ctx, database } = await createContext(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }));
  try {
    const db = ctx.db;
    await db.execute(sql`insert into users (id, user_name, email, full_name, password_hash,
      avatar_key, cover_key) values (${OWNER}, 'benchanalytics', 'b@example.com', 'Bench',
      'x', 'avatars/a.webp', 'covers/c.webp')`);
    for (const id of [BIG, EMPTY]) {
      await db.execute(sql`insert into videos (id, owner_id, title, description, tags,
        is_published, duration, video_key, thumbnail_key) values (${id}, ${OWNER}, 'Bench',
        '', '{}', true, 600, ${`videos/${id}.mp4`}, ${`thumbnails/${id}.webp`})`);
    }
    const built = performance.now();
    // 1 000 000 views in batches of 100 000, spread over the last 90 days' hours.
    for (let done = 0; done < VIEWS; done += 100_000) {
      await db.execute(sql`select dashboard_add_views(array_agg(${BIG}::text),
        array_agg(now() - (g % 2160) * interval '1 hour'), array_agg(1))
        from generate_series(${done}::int, ${done + 99_999}::int) g`);
    }
    await db.execute(sql`insert into video_retention (video_id, tenth, viewers)
      select ${BIG}, t, 200000 - t * 15000 from generate_series(0, 10) t`);
    await db.execute(sql`update video_stat_hours set watch_seconds = views * 240,
      from_feed = views / 2, from_search = views / 4, from_elsewhere = views - views / 2 - views / 4
      where video_id = ${BIG}`);
    const builtSeconds = (performance.now() - built) / 1000;
    const query = { days: 90 as const, timeZone: 'Europe/Berlin' };
    const check = await videoAnalytics(db, OWNER, BIG, query);
    if (check.views !== VIEWS) throw new Error(`expected ${VIEWS} views, read ${check.views}`);
    const load = os.loadavg();
    const big: number[] = [];
    const empty: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      for (const [id, samples] of [
        [BIG, big],
        [EMPTY, empty],
      ] as const) {
        const started = performance.now();
        await videoAnalytics(db, OWNER, id, query);
        samples.push(performance.now() - started);
      }
    }
    const after = os.loadavg();
    return [
      {
        bench,
        metric: '1 000 000 views written through the triggers',
        value: `${builtSeconds.toFixed(1)} s`,
      },
      { bench, metric: 'analytics p50, video with 1 000 000 views (90 days)', value: ms(p50(big)) },
      { bench, metric: 'analytics p50, video with no views (floor)', value: ms(p50(empty)) },
      { bench, metric: 'ratio to the floor', value: `${(p50(big) / p50(empty)).toFixed(2)} ×` },
      {
        bench,
        metric: 'load average (1 min) before · after',
        value: `${load[0]!.toFixed(2)} · ${after[0]!.toFixed(2)}`,
      },
    ];
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
