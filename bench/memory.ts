/**
 * The server's resident memory (issue 11: ≤ 250 MB idle after the demo seed on PGlite, no growth
 * under load). The server starts on a fresh DATA_DIR and makes the demo content itself, as on a
 * first `npm start`; then idle RSS, 60 s of mixed load (feed, search, watching signed in, two
 * uploads), and RSS once it has settled again: 10 s after the load, and two minutes after it.
 * The HTTP thread and the database worker thread are one process, so one VmRSS covers both.
 */
import { readdir, readFile, rm, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { firstVideo, signIn } from './lib/http.js';
import { load } from './lib/load.js';
import { rssOf, settledRss } from './lib/rss.js';
import { spawnServer } from './lib/server.js';
import type { Row } from './lib/table.js';

const MB = 1024 * 1024;
const LOAD_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const IDLE_BUDGET = 250 * MB;
/** What 60 s of load may leave behind once settled: caches reaching their size, not a leak. */
const GROWTH_BUDGET = 25 * MB;
/**
 * When RSS is read a second time after the load. Nothing forces a garbage collection (issue 21):
 * V8's memory reducer shrinks the heaps a load grew once the process has been quiet for a while,
 * which took 60–120 s after this load, so the 10 s reading still holds what V8 has not collected.
 */
const QUIET_SECONDS = 120;

/** Uploads one of the demo's own videos again, as a signed-in creator would. */
async function upload(baseUrl: string, cookie: string, dataDir: string, n: number) {
  const videos = path.join(dataDir, 'media', 'videos');
  const file = (await readdir(videos)).find((f) => f.endsWith('.mp4'));
  if (!file) throw new Error('the demo content has no video to upload again');
  const form = new FormData();
  form.append('title', `Memory bench upload ${n}`);
  form.append('description', 'Uploaded during the memory bench');
  form.append('tags', '["bench"]');
  form.append('videoFile', new Blob([await readFile(path.join(videos, file))]), 'again.mp4');
  const res = await fetch(`${baseUrl}/api/v1/videos`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
}

export async function benchMemory(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-memory-'));
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, SEED_DEMO: '1', DATABASE_URL: undefined },
  });
  try {
    const idle = await settledRss(server.pid);
    const { cookie } = await signIn(server.url);
    const video = await firstVideo(server.url);
    let peak = idle.rss;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, (await rssOf(server.pid)).rss);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const uploads = (async () => {
      for (let n = 1; n <= 2; n++) {
        await new Promise((r) => setTimeout(r, (LOAD_SECONDS * 1000) / 3));
        await upload(server.url, cookie, dataDir, n);
      }
    })();
    const seconds = LOAD_SECONDS;
    const [feed, search, watch] = await Promise.all([
      load(`${server.url}/api/v1/videos?page=1&limit=12`, { seconds, connections: 8 }),
      load(`${server.url}/api/v1/videos?page=1&limit=12&query=kitchen`, {
        seconds,
        connections: 4,
      }),
      load(`${server.url}/api/v1/videos/${video.id}`, {
        seconds,
        connections: 4,
        headers: { cookie },
      }),
      uploads,
    ]);
    sampling = false;
    await sampler;
    const loaded = await rssOf(server.pid);
    const loadEnded = Date.now();
    // Idle time lets the allocators give back what the load used before the final reading.
    await new Promise((r) => setTimeout(r, 10_000));
    const settled = await settledRss(server.pid);
    const growth = settled.rss - idle.rss;
    await new Promise((r) => setTimeout(r, loadEnded + QUIET_SECONDS * 1000 - Date.now()));
    const quiet = await settledRss(server.pid);
    const quietGrowth = quiet.rss - idle.rss;
    const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
    const requests = feed.requests + search.requests + watch.requests;
    const failures = feed.failures + search.failures + watch.failures;
    return [
      {
        bench: 'memory',
        metric: 'RSS idle after the demo seed (HTTP thread + database worker: one process)',
        value: mb(idle.rss),
        target: `≤ ${IDLE_BUDGET / MB} MB`,
        ok: idle.rss <= IDLE_BUDGET,
      },
      {
        bench: 'memory',
        metric: `${LOAD_SECONDS} s mixed load (${requests} requests, ${failures} failed, 2 uploads): RSS peak · at the end`,
        value: `${mb(peak)} · ${mb(loaded.rss)}`,
        ok: failures === 0,
      },
      {
        bench: 'memory',
        metric: `RSS settled after the load (growth over idle: ${mb(growth)})`,
        value: mb(settled.rss),
        target: `growth ≤ ${GROWTH_BUDGET / MB} MB`,
        ok: growth <= GROWTH_BUDGET,
      },
      {
        bench: 'memory',
        metric: `RSS ${QUIET_SECONDS} s after the load (growth over idle: ${mb(quietGrowth)})`,
        value: mb(quiet.rss),
        target: `growth ≤ ${GROWTH_BUDGET / MB} MB`,
        ok: quietGrowth <= GROWTH_BUDGET,
      },
    ];
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
