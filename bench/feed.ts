/**
 * `npm run bench -- feed` (PostgreSQL, DATABASE_URL): the subscriptions feed's first page for a
 * viewer who follows 1 000 channels, over 1 000 000 videos of 10 000 channels, through the API
 * with one connection (p50 · p99), and the plan PostgreSQL chose (which indexes it reads). The
 * data is made by generate_series in a few statements and kept between runs.
 */
import { sql } from 'drizzle-orm';
import { createSession } from '../server/auth/sessions.js';
import { benchDataDir, benchDatabase } from './lib/bench-postgres.js';
import { load } from './lib/load.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

const CHANNELS = 10_000;
const VIDEOS = 1_000_000;
const FOLLOWED = 1_000;
const VIEWER = 'bench-feed-viewer';
const TARGET_MS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SECRET = 'bench-feed-secret';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function benchFeed(): Promise<Row[]> {
  const bench = 'subscriptions feed (PostgreSQL)';
  const rows: Row[] = [];
  const { url, database, pool } = await benchDatabase('vidtube_bench_feed');
  const { db } = database;
  try {
    const n =
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from videos`))[0]?.n ??
      0;
    if (n < VIDEOS) {
      const started = performance.now();
      await db.execute(sql`truncate users, videos, subscriptions, video_counts cascade`);
      await db.execute(sql`
        insert into users (id, user_name, email, full_name, password_hash, avatar_key, cover_key)
        select 'c' || i, 'channel' || i, 'channel' || i || '@bench.test', 'Channel ' || i, 'x',
               'defaults/avatar-1.webp', 'defaults/cover-1.webp'
        from generate_series(1, ${CHANNELS}) i
        union all
        select ${VIEWER}, 'feedviewer', 'feedviewer@bench.test', 'Feed Viewer', 'x',
               'defaults/avatar-1.webp', 'defaults/cover-1.webp'`);
      // Spread over two years; 1 % unpublished (the feed must skip them).
      await db.execute(sql`
        insert into videos (id, owner_id, title, description, tags, duration, is_published,
                            video_key, thumbnail_key, created_at)
        select 'v' || i, 'c' || (1 + i % ${CHANNELS}), 'Video ' || i, '', '{}', 60, i % 100 <> 0,
               'videos/bench.mp4', 'thumbnails/bench.webp',
               now() - (i * interval '63 seconds')
        from generate_series(1, ${VIDEOS}) i`);
      await db.execute(sql`
        insert into subscriptions (subscriber_id, channel_id)
        select ${VIEWER}, 'c' || (i * ${CHANNELS / FOLLOWED}) from generate_series(1, ${FOLLOWED}) i`);
      // As autovacuum leaves a table: statistics and the visibility map (index-only scans).
      await pool.query('vacuum analyze');
      rows.push({
        bench,
        metric: `dataset built (once): ${VIDEOS} videos, ${CHANNELS} channels`,
        value: `${((performance.now() - started) / 1000).toFixed(0)} s`,
      });
    }
    const tokens = await createSession(db, VIEWER, SECRET);
    const cookie = `accessToken=${tokens.accessToken}`;
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await pool.query(`explain (analyze, buffers) ${FEED_SQL}`, [VIEWER]),
    ).map((r) => r['QUERY PLAN']);
    const usesIndex = plan.some((line) => line.includes('videos_owner_published_idx'));
    const seqScanOfVideos = plan.some((line) => /Seq Scan on videos/.test(line));
    console.log(`  plan of the first page:\n${plan.map((l) => `    ${l}`).join('\n')}`);
    rows.push({
      bench,
      metric: 'plan reads videos_owner_published_idx, no sequential scan of videos',
      value: usesIndex && !seqScanOfVideos ? 'yes' : 'no',
      ok: usesIndex && !seqScanOfVideos,
    });

    const server = await spawnServer({
      env: {
        DATABASE_URL: url,
        ACCESS_TOKEN_SECRET: SECRET,
        SEED_DEMO: '0',
        DATA_DIR: await benchDataDir(),
      },
    });
    try {
      for (const page of [1, 10]) {
        const target = `${server.url}/api/v1/subscriptions/videos?page=${page}&limit=12`;
        const check = await fetch(target, { headers: { cookie } });
        if (!check.ok) throw new Error(`feed answered ${check.status}: ${await check.text()}`);
        await load(target, { seconds: 1, connections: 1, headers: { cookie } });
        const r = await load(target, { seconds: SECONDS, connections: 1, headers: { cookie } });
        rows.push({
          bench,
          metric: `page ${page} of 12, ${FOLLOWED} subscriptions, ${VIDEOS} videos, 1 connection: p50 · p99`,
          value: `${ms(r.p50)} · ${ms(r.p99)}`,
          target: page === 1 ? `p50 ≤ ${TARGET_MS} ms` : undefined,
          ok: page === 1 ? r.p50 <= TARGET_MS && r.failures === 0 : r.failures === 0,
        });
      }
    } finally {
      await server.stop();
    }
    return rows;
  } finally {
    await pool.end();
    await database.close();
  }
}

/** The statement of feed/subscription-feed.ts for page 1 of 12 (for EXPLAIN). */
const FEED_SQL = `
  select v.id, v.title, u.user_name
  from (
    select c.id, c.created_at
    from subscriptions s
    cross join lateral (
      select id, created_at from videos
      where owner_id = s.channel_id and is_published
      order by created_at desc nulls last, id desc nulls last
      limit 13
    ) c
    where s.subscriber_id = $1
    order by c.created_at desc nulls last, c.id desc nulls last
    limit 13 offset 0
  ) top
  join videos v on v.id = top.id
  join users u on u.id = v.owner_id
  order by top.created_at desc nulls last, top.id desc nulls last`;
