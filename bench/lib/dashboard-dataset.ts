/**
 * The dashboard's bench channel, built once on PGlite under bench/.data/dashboard-1m: one creator
 * with 1 000 videos, 1 000 viewers who each have a counted view of every video (1 000 000
 * video_views rows, so the dashboard's history tables are filled by their triggers exactly as the
 * view counter fills them), spread over the last 90 days with more views towards the end, and the
 * viewers subscribed at times spread over the same days. Each video's counter equals its rows.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config.js';
import { createContext } from '../../server/app-context.js';
import { BENCH_DATA } from './paths.js';

export const DASHBOARD_VIDEOS = 1_000;
export const DASHBOARD_VIEWERS = 1_000;
export const CREATOR_ID = 'bench-dashboard-creator';
/** Viewers per INSERT: each statement's trigger folds 100 000 views into the history tables. */
const VIEWERS_PER_STATEMENT = 100;

export const dashboardDataDir = () => path.join(BENCH_DATA, 'dashboard-1m');

export function openDashboardContext(dataDir: string) {
  return createContext(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }));
}

export async function ensureDashboardDataset(): Promise<{
  dataDir: string;
  builtSeconds?: number;
}> {
  const dataDir = dashboardDataDir();
  const ready = path.join(dataDir, '.bench-ready');
  if (existsSync(ready)) return { dataDir };
  console.log(`  building the dashboard dataset (1 000 videos, 1 000 000 views) once…`);
  const started = performance.now();
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const { ctx, database } = await openDashboardContext(dataDir);
  const { db } = ctx;
  try {
    const user = (id: string, name: string) => sql`(${id}, ${name}, ${`${name}@bench.example`},
      ${name}, 'no-login', 'defaults/avatar-1.webp', 'defaults/cover-1.webp')`;
    await db.execute(sql`insert into users
      (id, user_name, email, full_name, password_hash, avatar_key, cover_key)
      values ${user(CREATOR_ID, 'bench_creator')}`);
    await db.execute(sql`insert into users
      (id, user_name, email, full_name, password_hash, avatar_key, cover_key)
      select 'bench-viewer-' || lpad(i::text, 4, '0'), 'bench_viewer_' || i,
             'bench_viewer_' || i || '@bench.example', 'Viewer ' || i, 'no-login',
             'defaults/avatar-1.webp', 'defaults/cover-1.webp'
      from generate_series(1, ${DASHBOARD_VIEWERS}) i`);
    await db.execute(sql`insert into videos
      (id, owner_id, title, description, tags, duration, is_published, video_key, thumbnail_key,
       created_at)
      select 'bench-video-' || lpad(i::text, 4, '0'), ${CREATOR_ID}, 'Bench video ' || i,
             'A video of the dashboard bench', array['bench'], 60, i % 10 <> 0,
             'videos/bench-' || i || '.mp4', 'thumbnails/bench-' || i || '.webp',
             now() - interval '120 days'
      from generate_series(1, ${DASHBOARD_VIDEOS}) i`);
    // sqrt(random()) puts more views towards now: a channel that grows.
    for (let first = 1; first <= DASHBOARD_VIEWERS; first += VIEWERS_PER_STATEMENT) {
      const last = first + VIEWERS_PER_STATEMENT - 1;
      await db.execute(sql`insert into video_views (user_id, video_id, counted_at)
        select u.id, v.id, now() - (1 - sqrt(random())) * interval '90 days'
        from users u cross join videos v
        where u.id between ${`bench-viewer-${String(first).padStart(4, '0')}`}
                       and ${`bench-viewer-${String(last).padStart(4, '0')}`}
          and v.owner_id = ${CREATOR_ID}`);
      console.log(`  dashboard dataset: ${last * DASHBOARD_VIDEOS} views`);
    }
    await db.execute(sql`update videos set views = ${DASHBOARD_VIEWERS}
      where owner_id = ${CREATOR_ID}`);
    await db.execute(sql`insert into subscriptions (subscriber_id, channel_id, created_at)
      select id, ${CREATOR_ID}, now() - random() * interval '90 days' from users
      where id <> ${CREATOR_ID}`);
    await db.execute(sql`update users set subscriber_count = ${DASHBOARD_VIEWERS}
      where id = ${CREATOR_ID}`);
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  const builtSeconds = (performance.now() - started) / 1000;
  await writeFile(
    ready,
    JSON.stringify({ at: new Date().toISOString(), loadAverage: os.loadavg()[0], builtSeconds }),
  );
  return { dataDir, builtSeconds };
}
