/**
 * Issue 8's lists at two catalogue sizes side by side: a channel profile, a playlist detail with
 * 200 videos and a history page of a user with 10 000 entries. A list whose cost does not grow
 * with the number of rows shows the same figures at 10 000 and 100 000 videos. Each dataset gets
 * the playlist and the history once (direct inserts, server stopped), marked by a file.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.js';
import { newId } from '../server/db/ids.js';
import { playlists, playlistVideos, users, videos, watchHistory } from '../server/db/schema.js';
import { DEMO_CHANNELS } from '../server/seed/demo-data.js';
import { ensureEmbeddedDataset, type EmbeddedDataset } from './lib/datasets.js';
import { signIn } from './lib/http.js';
import { load } from './lib/load.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PLAYLIST_SIZE = 200;
const HISTORY_SIZE = 10_000;
const PLAYLIST_NAME = 'Bench: 200 videos';

/** Adds the long playlist and the long history to the signed-in demo user, once; the playlist id. */
async function ensureListFixtures(dataDir: string): Promise<string> {
  const marker = path.join(dataDir, '.bench-lists-ready');
  if (existsSync(marker)) return (JSON.parse(await readFile(marker, 'utf8')) as Marker).playlistId;
  const playlistId = newId();
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const { db } = database;
    const [me] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, DEMO_CHANNELS[0]!.userName));
    if (!me) throw new Error('the dataset has no demo user');
    const others = db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.isPublished, true), ne(videos.ownerId, me.id)))
      .orderBy(desc(videos.createdAt));
    const forPlaylist = await others.limit(PLAYLIST_SIZE);
    const forHistory = await others.limit(HISTORY_SIZE);
    await db.transaction(async (tx) => {
      await tx.insert(playlists).values({ id: playlistId, ownerId: me.id, name: PLAYLIST_NAME });
      await tx
        .insert(playlistVideos)
        .values(forPlaylist.map((v) => ({ playlistId, videoId: v.id })));
      await tx.delete(watchHistory).where(eq(watchHistory.userId, me.id));
      for (let i = 0; i < forHistory.length; i += 1000) {
        await tx.insert(watchHistory).values(
          forHistory.slice(i, i + 1000).map((v, j) => ({
            id: newId(),
            userId: me.id,
            videoId: v.id,
            watchedAt: sql`now() - make_interval(secs => ${i + j})`,
          })),
        );
      }
    });
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  await writeFile(marker, JSON.stringify({ playlistId } satisfies Marker));
  return playlistId;
}

interface Marker {
  playlistId: string;
}

interface Figures {
  p50: number;
  rps: number;
  /** Non-2xx answers, socket errors and timeouts, both runs together. */
  failures: number;
}

async function measure(url: string, cookie: string): Promise<Figures> {
  const headers = { cookie };
  await load(url, { seconds: 2, connections: 1, headers });
  const alone = await load(url, { seconds: 3, connections: 1, headers });
  const loaded = await load(url, { seconds: SECONDS, headers });
  return { p50: alone.p50, rps: loaded.rps, failures: alone.failures + loaded.failures };
}

async function measureDataset(name: EmbeddedDataset): Promise<Map<string, Figures>> {
  const { dataDir } = await ensureEmbeddedDataset(name);
  const playlistId = await ensureListFixtures(dataDir);
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, SEED_DEMO: '0', DATABASE_URL: undefined },
  });
  try {
    const { cookie } = await signIn(server.url);
    const me = DEMO_CHANNELS[0]!.userName;
    const detail = await fetch(`${server.url}/api/v1/playlist/${playlistId}`, {
      headers: { cookie },
    });
    const body = (await detail.json()) as { data?: { totalVideos?: number } };
    if (body.data?.totalVideos !== PLAYLIST_SIZE) {
      throw new Error(`the bench playlist answered ${detail.status}: ${JSON.stringify(body)}`);
    }
    const routes: [string, string][] = [
      ['channel profile', `/api/v1/users/channel/${me}`],
      [`playlist detail (${PLAYLIST_SIZE} videos, first page)`, `/api/v1/playlist/${playlistId}`],
      [`history page 1 (${HISTORY_SIZE} entries)`, '/api/v1/users/history?page=1'],
      [`history page 500 (${HISTORY_SIZE} entries)`, '/api/v1/users/history?page=500'],
    ];
    const figures = new Map<string, Figures>();
    for (const [label, route] of routes) {
      figures.set(label, await measure(`${server.url}${route}`, cookie));
    }
    return figures;
  } finally {
    await server.stop();
  }
}

export async function benchLists(): Promise<Row[]> {
  const small = await measureDataset('catalogue-10k');
  const large = await measureDataset('catalogue-100k');
  const rows: Row[] = [];
  for (const [label, at10k] of small) {
    const at100k = large.get(label)!;
    rows.push({
      bench: 'lists (PGlite)',
      metric: `${label}: 1-connection p50 at 10k · 100k videos`,
      value: `${ms(at10k.p50)} · ${ms(at100k.p50)}`,
      target: 'each ≤ 5 ms',
      ok: at10k.p50 <= 5 && at100k.p50 <= 5,
    });
    rows.push({
      bench: '',
      metric: `${label}: req/s at 50 connections, 10k · 100k videos`,
      value: `${at10k.rps.toFixed(0)} · ${at100k.rps.toFixed(0)}`,
    });
    const failures = at10k.failures + at100k.failures;
    if (failures > 0) {
      rows.push({
        bench: '',
        metric: `${label}: failed responses`,
        value: String(failures),
        ok: false,
      });
    }
  }
  return rows;
}
