/**
 * Issue 31's Up next for a video with 10 000 viewers' histories, on the embedded database: a
 * catalogue of 5 000 videos over 50 channels, 10 000 viewers who each watched the video and five
 * others around it (from 200 related ones), then `GET /videos/{id}/up-next` as a visitor at one
 * connection (p50 target ≤ 10 ms) and at 50, with the statement's plan (which indexes it reads).
 * The dataset is built once under bench/.data.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.js';
import { newId } from '../server/db/ids.js';
import { users, videos, watchHistory } from '../server/db/schema.js';
import { upNextRanking } from '../server/feed/up-next.js';
import { untilQuiet } from './lib/cpu.js';
import { load } from './lib/load.js';
import { ROOT } from './lib/paths.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const VIDEOS = 5_000;
const CHANNELS = 50;
const VIEWERS = 10_000;
const RELATED = 200;
const TAGS = ['bread', 'music', 'travel', 'gaming', 'news', 'cooking', 'sports', 'art'];

interface Marker {
  videoId: string;
}

async function ensureDataset(dataDir: string): Promise<string> {
  const marker = path.join(dataDir, '.bench-up-next-ready');
  if (existsSync(marker)) return (JSON.parse(await readFile(marker, 'utf8')) as Marker).videoId;
  await mkdir(dataDir, { recursive: true });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const { db } = database;
    const channelIds = Array.from({ length: CHANNELS }, () => newId());
    const person = (id: string, i: number, kind: string) => ({
      id,
      userName: `${kind}_${i}`,
      email: `${kind}_${i}@bench.example`,
      fullName: `${kind} ${i}`,
      passwordHash: 'x',
      avatarKey: 'defaults/avatar-1.webp',
      coverKey: 'defaults/cover-1.webp',
    });
    await db.insert(users).values(channelIds.map((id, i) => person(id, i, 'channel')));
    const videoIds = Array.from({ length: VIDEOS }, () => newId());
    for (let i = 0; i < VIDEOS; i += 1000) {
      await db.insert(videos).values(
        videoIds.slice(i, i + 1000).map((id, j) => ({
          id,
          ownerId: channelIds[(i + j) % CHANNELS]!,
          title: `Bench video ${i + j}`,
          description: 'Up next bench',
          tags: [TAGS[(i + j) % TAGS.length]!, TAGS[(i + j * 3) % TAGS.length]!],
          duration: 300,
          views: (i + j) * 7,
          videoKey: `videos/${id}.mp4`,
          thumbnailKey: `thumbnails/${id}.webp`,
        })),
      );
    }
    const target = videoIds[0]!;
    const related = videoIds.slice(1, 1 + RELATED);
    const base = Date.now() - 30 * 24 * 3600_000;
    for (let i = 0; i < VIEWERS; i += 1000) {
      const ids = Array.from({ length: Math.min(1000, VIEWERS - i) }, () => newId());
      await db.insert(users).values(ids.map((id, j) => person(id, i + j, 'viewer')));
      const rows = ids.flatMap((userId, j) => {
        const at = base + (i + j) * 60_000;
        return [
          { id: newId(), userId, videoId: target, watchedAt: new Date(at) },
          ...Array.from({ length: 5 }, (_, k) => ({
            id: newId(),
            userId,
            videoId: related[((i + j) * 7 + k * 13) % RELATED]!,
            watchedAt: new Date(at + (k - 2) * 600_000 + 1),
          })),
        ];
      });
      await db.insert(watchHistory).values(rows);
    }
    await db.execute(sql`vacuum analyze`);
    await writeFile(marker, JSON.stringify({ videoId: target } satisfies Marker));
    return target;
  } finally {
    await database.close();
  }
}

async function planOf(dataDir: string, videoId: string): Promise<string[]> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const result = await database.db.execute(
      sql`explain (analyze, costs off) ${upNextRanking(videoId, '', 12)}`,
    );
    return (result as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map((r) => r['QUERY PLAN']);
  } finally {
    await database.close();
  }
}

export async function benchUpNext(): Promise<Row[]> {
  const dataDir = path.join(ROOT, 'bench/.data/up-next');
  const videoId = await ensureDataset(dataDir);
  const plan = await planOf(dataDir, videoId);
  console.log(`  plan of Up next:\n${plan.map((l) => `    ${l}`).join('\n')}`);
  const seqScan = plan.some((line) => /Seq Scan on (videos|watch_history)/.test(line));
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, SEED_DEMO: '0', DATABASE_URL: undefined },
  });
  try {
    // Its start-up work on the dataset would otherwise run beside the first measurements.
    await untilQuiet(server.pid, { seconds: 2, maxMs: 120_000 });
    const url = `${server.url}/api/v1/videos/${videoId}/up-next`;
    await load(url, { seconds: 2, connections: 1 });
    const loadBefore = os.loadavg()[0]!;
    const one = await load(url, { seconds: SECONDS, connections: 1 });
    const fifty = await load(url, { seconds: SECONDS, connections: 50 });
    const bench = `Up next, ${VIEWERS.toLocaleString('en')} viewers' histories (embedded)`;
    return [
      {
        bench,
        metric: `p50 at 1 connection (load average ${loadBefore.toFixed(2)})`,
        value: ms(one.p50),
        target: '≤ 10 ms',
        ok: one.p50 <= 10 && one.failures === 0,
      },
      { bench, metric: 'p99 at 1 connection', value: ms(one.p99) },
      {
        bench,
        metric: `p50 · p99 at 50 connections (${fifty.rps.toFixed(0)} req/s, ${fifty.failures} failures)`,
        value: `${ms(fifty.p50)} · ${ms(fifty.p99)}`,
      },
      {
        bench,
        metric: 'plan reads indexes only, no sequential scan of videos or watch_history',
        value: seqScan ? 'seq scan' : 'indexes',
        ok: !seqScan,
      },
    ];
  } finally {
    await server.stop();
  }
}
