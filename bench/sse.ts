/**
 * `npm run bench -- sse` (PostgreSQL, DATABASE_URL): 1 000 open Server-Sent Events streams on
 * one server (1 000 users, one tab each): the server's RSS before and after they open, and how
 * long one new video's notification takes to reach all of them, the way an upload announces it
 * (the notifications rows written by the same INSERT … SELECT, then one event on LISTEN/NOTIFY;
 * the server's live hub finds its connected recipients with one query). p50 and p99 over rounds.
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { createSession } from '../server/auth/sessions.js';
import { NOTIFY_CHANNEL } from '../server/events/postgres-bus.js';
import { LIVE_TOPICS } from '../server/events/live-topics.js';
import { notifySubscribersOfVideo } from '../server/notifications/notification-writes.js';
import { benchDataDir, benchDatabase } from './lib/bench-postgres.js';
import { settledRss } from './lib/rss.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

const STREAMS = 1_000;
const ROUNDS = 5;
const SECRET = 'bench-sse-secret';
const CHANNEL = 'bench-sse-channel';
const MB = 1024 * 1024;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Opens one stream; `onEvent` hears each event name; resolves once the stream has begun. */
function openStream(url: string, cookie: string, onEvent: (name: string) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(url, { headers: { cookie }, agent: false });
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let pending = '';
      response.on('data', (chunk: string) => {
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          if (block.startsWith('retry:')) resolve(request);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name) onEvent(name);
        }
      });
    });
  });
}

export async function benchSse(): Promise<Row[]> {
  const bench = `live events: ${STREAMS} SSE streams (PostgreSQL)`;
  const { url, database, pool } = await benchDatabase('vidtube_bench_sse', { fresh: true });
  const { db } = database;
  const cookies: string[] = [];
  try {
    await db.execute(sql`
      insert into users (id, user_name, email, full_name, password_hash, avatar_key, cover_key)
      select 'fan' || i, 'fan' || i, 'fan' || i || '@bench.test', 'Fan ' || i, 'x',
             'defaults/avatar-1.webp', 'defaults/cover-1.webp'
      from generate_series(1, ${STREAMS}) i
      union all
      select ${CHANNEL}, 'ssechannel', 'ssechannel@bench.test', 'Channel', 'x',
             'defaults/avatar-1.webp', 'defaults/cover-1.webp'`);
    await db.execute(sql`
      insert into subscriptions (subscriber_id, channel_id)
      select 'fan' || i, ${CHANNEL} from generate_series(1, ${STREAMS}) i`);
    for (let i = 1; i <= STREAMS; i++) {
      const tokens = await createSession(db, `fan${i}`, SECRET);
      cookies.push(`accessToken=${tokens.accessToken}`);
    }
  } catch (error) {
    await pool.end();
    await database.close();
    throw error;
  }

  const server = await spawnServer({
    env: {
      DATABASE_URL: url,
      ACCESS_TOKEN_SECRET: SECRET,
      SEED_DEMO: '0',
      DATA_DIR: await benchDataDir(),
    },
  });
  const streams: http.ClientRequest[] = [];
  try {
    const before = await settledRss(server.pid);
    let arrivals: number[] = [];
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = cookies.slice(i, i + 50).map((cookie) =>
        openStream(`${server.url}/api/v1/events`, cookie, (name) => {
          if (name === 'notifications') arrivals.push(performance.now());
        }),
      );
      streams.push(...(await Promise.all(batch)));
    }
    const after = await settledRss(server.pid);

    const delays: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      arrivals = [];
      const videoId = `bench-sse-video-${round}`;
      await db.execute(sql`
        insert into videos (id, owner_id, title, description, duration, video_key, thumbnail_key)
        values (${videoId}, ${CHANNEL}, 'Live', '', 60, 'videos/b.mp4', 'thumbnails/b.webp')`);
      await notifySubscribersOfVideo(db, videoId, CHANNEL);
      const start = performance.now();
      await pool.query('select pg_notify($1, $2)', [
        NOTIFY_CHANNEL,
        JSON.stringify({ topic: LIVE_TOPICS.newVideo, videoId }),
      ]);
      const deadline = Date.now() + 10_000;
      while (arrivals.length < STREAMS && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5));
      }
      if (arrivals.length < STREAMS) {
        throw new Error(`round ${round}: ${arrivals.length} of ${STREAMS} streams heard it`);
      }
      delays.push(...arrivals.map((t) => t - start));
    }
    delays.sort((a, b) => a - b);
    const growth = (after.rss - before.rss) / MB;
    const p99 = percentile(delays, 99);
    return [
      {
        bench,
        metric: `server RSS growth for ${STREAMS} open streams (${(before.rss / MB).toFixed(0)} → ${(after.rss / MB).toFixed(0)} MB)`,
        value: `${growth.toFixed(1)} MB`,
        target: '≤ 100 MB',
        ok: growth <= 100,
      },
      {
        bench,
        metric: `one new video's notification reaching all ${STREAMS} streams, ${ROUNDS} rounds: p50 · p99`,
        value: `${ms(percentile(delays, 50))} · ${ms(p99)}`,
        target: 'p99 ≤ 1 s',
        ok: p99 <= 1000,
      },
    ];
  } finally {
    for (const stream of streams) stream.destroy();
    await server.stop();
    await pool.end();
    await database.close();
  }
}
