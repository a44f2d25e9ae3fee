/**
 * `npm run bench -- comments` (issue 33): a video with 100 000 comments and a thread with 10 000
 * replies, then the first page of Top, of Newest and of the thread's replies through the API at
 * one connection (p50 target ≤ 10 ms), on the embedded database and, with DATABASE_URL, on
 * PostgreSQL, with each statement's plan (EXPLAIN ANALYZE). The rows go in with bulk SQL
 * (generate_series) while the counters' trigger is off, and the counters are computed once after.
 * Datasets are built once (bench/.data/comments, the PostgreSQL database bench_comments).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createContext } from '../server/app-context.js';
import { createSession } from '../server/auth/sessions.js';
import { commentPage, replyPage } from '../server/comments/list-statements.js';
import { loadConfig } from '../server/config.js';
import type { Db } from '../server/db/client.js';
import { benchDatabase, benchDataDir } from './lib/bench-postgres.js';
import { load } from './lib/load.js';
import { ROOT } from './lib/paths.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const COMMENTS = 100_000;
const REPLIES = 10_000;
const COMMENTERS = 1_000;
/** Ids of 16 characters, as the API's parameters require. */
const CREATOR = 'benchCommCreator';
const VIEWER = 'benchCommViewer0';
const VIDEO = 'benchCommentsVid';
const THREAD = 'benchThreadTop00';
const TARGET_MS = 10;

async function seed(db: Db): Promise<void> {
  const person = (id: string, name: string) =>
    sql`(${id}, ${name}, ${`${name}@bench.example`}, ${name}, 'no-login', 'defaults/avatar-1.webp', 'defaults/cover-1.webp')`;
  await db.execute(sql`insert into users
    (id, user_name, email, full_name, password_hash, avatar_key, cover_key)
    values ${person(CREATOR, 'bench_comment_creator')}, ${person(VIEWER, 'bench_comment_viewer')}`);
  await db.execute(sql`insert into users
    (id, user_name, email, full_name, password_hash, avatar_key, cover_key)
    select 'bu' || lpad(i::text, 14, '0'), 'bench_commenter_' || i,
           'bench_commenter_' || i || '@bench.example', 'Commenter ' || i, 'no-login',
           'defaults/avatar-1.webp', 'defaults/cover-1.webp'
    from generate_series(1, ${COMMENTERS}) i`);
  await db.execute(sql`insert into videos
    (id, owner_id, title, description, duration, video_key, thumbnail_key)
    values (${VIDEO}, ${CREATOR}, 'A much discussed video', 'Comments bench', 300,
            'videos/bench.mp4', 'thumbnails/bench.webp')`);
  await db.execute(sql`alter table comments disable trigger comments_keep_counts`);
  // One comment a minute back from now, likes spread 0…49; the thread's comment is the newest.
  await db.execute(sql`insert into comments (id, video_id, owner_id, content, likes_count, created_at)
    select 'bc' || lpad(i::text, 14, '0'), ${VIDEO}, 'bu' || lpad((1 + i % ${COMMENTERS})::text, 14, '0'),
           'Comment number ' || i || ' on this video', (i * 7919) % 50,
           now() - make_interval(mins => i)
    from generate_series(1, ${COMMENTS - 1}) i`);
  await db.execute(sql`insert into comments (id, video_id, owner_id, content, created_at)
    values (${THREAD}, ${VIDEO}, ${CREATOR}, 'What did you think?', now())`);
  await db.execute(sql`insert into comments
      (id, video_id, owner_id, content, parent_id, reply_to_user_id, created_at)
    select 'br' || lpad(i::text, 14, '0'), ${VIDEO}, 'bu' || lpad((1 + i % ${COMMENTERS})::text, 14, '0'),
           'Reply number ' || i, ${THREAD}, ${CREATOR}, now() + make_interval(secs => i)
    from generate_series(1, ${REPLIES}) i`);
  await db.execute(sql`alter table comments enable trigger comments_keep_counts`);
  await db.execute(sql`update comments set reply_count = ${REPLIES} where id = ${THREAD}`);
  await db.execute(sql`update videos set comment_count = ${COMMENTS},
    conversation_count = ${COMMENTS + REPLIES} where id = ${VIDEO}`);
  await db.execute(sql`vacuum analyze comments`);
  await db.execute(sql`vacuum analyze users`);
}

async function plans(db: Db): Promise<{ name: string; lines: string[] }[]> {
  const statements = [
    { name: 'Top, page 1', query: commentPage(db, VIDEO, VIEWER, 'top', 9, 0) },
    { name: 'Newest, page 1', query: commentPage(db, VIDEO, VIEWER, 'newest', 9, 0) },
    { name: 'replies, page 1', query: replyPage(db, THREAD, VIEWER, 10, 0) },
  ];
  const out = [];
  for (const { name, query } of statements) {
    const result = await db.execute(sql`explain (analyze, costs off) ${query}`);
    const lines = (result as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map(
      (r) => r['QUERY PLAN'],
    );
    out.push({ name, lines });
  }
  return out;
}

async function measure(
  kind: string,
  env: Record<string, string | undefined>,
  cookie: string,
  planned: { name: string; lines: string[] }[],
): Promise<Row[]> {
  for (const { name, lines } of planned) {
    console.log(`  plan of ${name} (${kind}):\n${lines.map((l) => `    ${l}`).join('\n')}`);
  }
  const server = await spawnServer({ env: { SEED_DEMO: '0', ...env } });
  const bench = `comments: 100 000 on a video, 10 000 replies (${kind})`;
  const rows: Row[] = [];
  try {
    const headers = { cookie };
    const targets = [
      ['Top, page 1', `/api/v1/comments/${VIDEO}?sort=top`],
      ['Newest, page 1', `/api/v1/comments/${VIDEO}`],
      ['replies, page 1', `/api/v1/comments/c/${THREAD}/replies`],
    ] as const;
    for (const [name, target] of targets) {
      const url = `${server.url}${target}`;
      const check = await fetch(url, { headers });
      if (check.status !== 200) throw new Error(`${target}: ${check.status} ${await check.text()}`);
      await load(url, { seconds: 1, connections: 1, headers });
      const loadBefore = os.loadavg()[0]!;
      const one = await load(url, { seconds: SECONDS, connections: 1, headers });
      const plan = planned.find((p) => p.name === name)!.lines;
      const indexed = !plan.some((l) => /Seq Scan on comments|Sort Method/.test(l));
      rows.push(
        {
          bench,
          metric: `${name}: p50 at 1 connection (load average ${loadBefore.toFixed(2)})`,
          value: ms(one.p50),
          target: `≤ ${TARGET_MS} ms`,
          ok: one.p50 <= TARGET_MS && one.failures === 0,
        },
        { bench, metric: `${name}: p99 at 1 connection`, value: ms(one.p99) },
        {
          bench,
          metric: `${name}: plan walks an index (no seq scan, no sort)`,
          value: indexed ? 'index' : 'scan/sort',
          ok: indexed,
        },
      );
    }
  } finally {
    await server.stop();
  }
  return rows;
}

async function embedded(): Promise<Row[]> {
  const dataDir = path.join(ROOT, 'bench/.data/comments');
  const ready = path.join(dataDir, '.bench-comments-ready');
  const { ctx, database } = await createContext(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }));
  let planned;
  let cookie;
  try {
    if (!existsSync(ready)) {
      await mkdir(dataDir, { recursive: true });
      const started = performance.now();
      await seed(ctx.db);
      console.log(
        `  embedded dataset built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      await writeFile(ready, new Date().toISOString());
    }
    planned = await plans(ctx.db);
    const tokens = await createSession(ctx.db, VIEWER, ctx.config.accessTokenSecret);
    cookie = `accessToken=${tokens.accessToken}`;
  } finally {
    await database.close();
  }
  return measure('embedded', { DATA_DIR: dataDir, DATABASE_URL: undefined }, cookie, planned);
}

async function postgres(): Promise<Row[]> {
  const { url, database, pool } = await benchDatabase('bench_comments');
  const dataDir = await benchDataDir();
  let planned;
  let cookie;
  try {
    const [video] = (
      (await database.db.execute(sql`select id from videos where id = ${VIDEO}`)) as {
        rows: unknown[];
      }
    ).rows;
    if (!video) {
      const started = performance.now();
      await seed(database.db);
      console.log(
        `  PostgreSQL dataset built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    planned = await plans(database.db);
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, SEED_DEMO: '0' });
    const tokens = await createSession(database.db, VIEWER, config.accessTokenSecret);
    cookie = `accessToken=${tokens.accessToken}`;
  } finally {
    await pool.end();
    await database.close();
  }
  return measure('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }, cookie, planned);
}

export async function benchComments(): Promise<Row[]> {
  const rows = await embedded();
  if (process.env.DATABASE_URL) rows.push(...(await postgres()));
  return rows;
}
