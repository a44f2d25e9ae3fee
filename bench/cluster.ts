/**
 * `npm run bench -- cluster`: `npm run cluster`'s topology (scripts/cluster/cluster.ts) on a
 * catalogue of CATALOGUE videos, measured through nginx with one API replica and with two, beside
 * one replica reached directly (no balancer). On a machine with fewer cores than processes two
 * replicas cannot double anything: the figures show the cost of the balancer and of coherence,
 * not scale, and are printed with the core count for that reason. Then the time from a write on
 * replica 1 (a publish toggle) to its effect in replica 2's cached feed (the event bus), p50 and
 * p99. Needs root for the namespaces (else loopback) and PostgreSQL (DATABASE_URL, or Debian's).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_BASE_PORT, startCluster, type Cluster } from '../scripts/cluster/cluster.js';
import { ffmpegPath } from '../server/media/binaries.js';
import { cpuSnapshot, cpuSpent } from './lib/cpu.js';
import { runSeed } from './lib/datasets.js';
import { registerAndSignIn } from './lib/http.js';
import { load, type LoadResult } from './lib/load.js';
import {
  balancerLogMark,
  balancerLogSince,
  failureSummary,
  replicaLossUnderLoad,
} from './lib/replica-loss.js';
import { ms, type Row } from './lib/table.js';
import { prepareWatchers, watchLoad } from './lib/watchers.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CATALOGUE = 10_000;
const WRITES = 60;
const FEED = '/api/v1/videos?page=1&limit=12';

/**
 * Runs a load and says what each request cost: req/s, p99, and CPU ms per request of the API
 * replicas, PostgreSQL's backends of this database and nginx (from /proc, bench/lib/cpu.ts).
 */
function costMeter(cluster: Cluster) {
  const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 1 });
  // The cluster's stop cuts the connection: not a failure of the bench.
  pool.on('error', () => {});
  const backends = async () =>
    (
      await pool.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((row) => row.pid);
  const nginxPids = () => {
    const master = cluster.balancerPid;
    if (!master) return [];
    const children = execFileSync('pgrep', ['-P', String(master)], { encoding: 'utf8' });
    return [master, ...children.split('\n').filter(Boolean).map(Number)];
  };
  const measure = async (run: () => Promise<LoadResult>): Promise<string> => {
    const api = cluster.replicas.flatMap((replica) => (replica.pid ? [replica.pid] : []));
    const parts = { api, postgres: await backends(), nginx: nginxPids() };
    const before = await Promise.all(Object.values(parts).map((pids) => cpuSnapshot(pids)));
    const logMark = await balancerLogMark(cluster);
    const result = await run();
    // Why nginx passed requests on or failed them during the run (none when all went well).
    for (const [message, n] of Object.entries(await balancerLogSince(cluster, logMark))) {
      console.log(`    nginx ×${n}: ${message}`);
    }
    parts.postgres = [...new Set([...parts.postgres, ...(await backends())])];
    const after = await Promise.all(Object.values(parts).map((pids) => cpuSnapshot(pids)));
    const perRequest = (index: number) =>
      (cpuSpent(before[index]!, after[index]!) / Math.max(1, result.requests)).toFixed(3);
    // Every request of these loads is a GET: any failure is an idempotent request's.
    const failed = result.failures
      ? `, ${failureSummary(result.failureKinds)} failed (GET, idempotent)`
      : '';
    return (
      `${Math.round(result.rps)} req/s, p99 ${ms(result.p99)}${failed}; CPU ms/request: ` +
      `API ${perRequest(0)}, PostgreSQL ${perRequest(1)}, nginx ${perRequest(2)}`
    );
  };
  return { measure, close: () => pool.end() };
}

/** A stored video file's key, from the feed's first item. */
async function mediaKey(base: string): Promise<string> {
  const answer = await fetch(`${base}${FEED}`);
  const body = (await answer.json()) as { data: { videos: { videoFile: string }[] } };
  const url = body.data.videos[0]?.videoFile;
  if (!url) throw new Error('no video in the feed');
  return new URL(url).pathname.replace(/^\/media\//, '');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** A short real video, for the publish toggles of the coherence figure. */
async function smallVideo(): Promise<Blob> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-clip-'));
  const file = path.join(dir, 'clip.mp4');
  try {
    execFileSync(ffmpegPath(), [
      ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:d=1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
    ]);
    return new Blob([new Uint8Array(await readFile(file))], { type: 'video/mp4' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Write on replica 1, read replica 2's cached feed until it shows the write: ms, per toggle. */
async function writeToVisible(cluster: Cluster): Promise<number[]> {
  const [one, two] = cluster.replicas.map((replica) => replica.url!) as [string, string];
  const cookie = await registerAndSignIn(one, `coherence.${Date.now()}`);
  const form = new FormData();
  form.set('title', 'Coherence probe');
  form.set('description', '');
  form.set('tags', JSON.stringify(['bench']));
  form.set('videoFile', await smallVideo(), 'clip.mp4');
  const uploaded = await fetch(`${one}/api/v1/videos`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const { data } = (await uploaded.json()) as { data: { _id: string; owner: { _id: string } } };
  const feed = `${two}/api/v1/videos?page=1&limit=12&userId=${data.owner._id}`;
  const listed = async () =>
    ((await (await fetch(feed)).json()) as { data: { videos: unknown[] } }).data.videos.length > 0;
  const times: number[] = [];
  let published = true;
  for (let i = 0; i < WRITES; i++) {
    await listed(); // cached on replica 2 now
    const toggled = await fetch(`${one}/api/v1/videos/toggle/publish/${data._id}`, {
      method: 'PATCH',
      headers: { cookie },
    });
    if (!toggled.ok) throw new Error(`toggle failed: ${toggled.status}`);
    const acknowledged = performance.now();
    published = !published;
    while ((await listed()) !== published) {
      if (performance.now() - acknowledged > 10_000) throw new Error('write never became visible');
    }
    times.push(performance.now() - acknowledged);
  }
  return times.sort((a, b) => a - b);
}

export async function benchCluster(): Promise<Row[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-cluster-'));
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      dir,
      databaseUrl: process.env.DATABASE_URL,
      basePort: Number(process.env.CLUSTER_BASE_PORT ?? DEFAULT_BASE_PORT),
      // The watch load registers 50 viewers; the coherence figure reads a cached feed.
      env: { AUTH_RATE_LIMIT: '1000', LOG_LEVEL: 'warn' },
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const cores = os.cpus().length;
  const bench = `cluster (${cores} cores, ${cluster.network.isolated ? 'namespaces' : 'loopback'})`;
  try {
    console.log(`  seeding ${CATALOGUE} catalogue videos into the cluster's database…`);
    await runSeed(['--videos', String(CATALOGUE)], {
      DATABASE_URL: cluster.databaseUrl,
      DATA_DIR: path.join(dir, 'seed'),
      S3_BUCKET: 'vidtube',
      S3_ENDPOINT: cluster.bucketEndpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const [one, two] = cluster.replicas as [Cluster['replicas'][0], Cluster['replicas'][0]];
    const watchers = await prepareWatchers(cluster.url);
    const rows: Row[] = [];
    const meter = costMeter(cluster);
    const cost = meter.measure;
    const measure = async (label: string, base: string, round: number) => {
      await load(`${base}${FEED}`, { seconds: 2 }); // warm-up
      const feed = await cost(() => load(`${base}${FEED}`, { seconds: SECONDS }));
      const watch = await cost(() => watchLoad(base, watchers, SECONDS, round));
      rows.push({ bench, metric: `feed (cached 2 s), ${label}`, value: feed });
      rows.push({ bench, metric: `watch (counts a view), ${label}`, value: watch });
      console.log(`  ${label}: feed ${feed}; watch ${watch}; load ${os.loadavg()[0]?.toFixed(2)}`);
    };
    await measure('replica 1 direct, no balancer', one.url!, 0);
    // The media redirect: a replica answers 302 to a signed bucket URL, never the bytes.
    const media = await mediaKey(one.url!);
    const redirect = await cost(() =>
      load(`${one.url!}/media/${media}`, { seconds: SECONDS, expectStatus: 302 }),
    );
    rows.push({
      bench,
      metric: 'media URL → 302 to the bucket, replica 1 direct',
      value: redirect,
    });
    console.log(`  media redirect: ${redirect}`);
    // Uncached feed: every request reaches PostgreSQL (what a cache miss costs).
    await one.kill('SIGTERM');
    await one.start({ FEED_CACHE_MS: '0' });
    const uncached = await cost(() => load(`${one.url!}${FEED}`, { seconds: SECONDS }));
    await one.kill('SIGTERM');
    await one.start();
    rows.push({
      bench,
      metric: 'feed uncached (a new query each time), replica 1 direct',
      value: uncached,
    });
    console.log(`  feed uncached: ${uncached}`);
    await two.kill('SIGTERM');
    await measure('nginx, one replica', cluster.url, 1);
    await two.start();
    await measure('nginx, two replicas', cluster.url, 2);
    await meter.close();
    const loss = await replicaLossUnderLoad(cluster, watchers);
    const lossFigure =
      `${loss.requests.GET} GET, ${loss.requests.POST} POST; failed: ` +
      `idempotent ${failureSummary(loss.idempotentFailures)}, ` +
      `not idempotent ${failureSummary(loss.writeFailures)}; ` +
      `acknowledged writes lost ${loss.acknowledgedLost}`;
    console.log(`  replica 1 killed (SIGKILL) and restarted under load: ${lossFigure}`);
    for (const [message, n] of Object.entries(loss.balancerLog)) {
      console.log(`    nginx ×${n}: ${message}`);
    }
    rows.push({
      bench,
      metric: 'replica 1 killed and restarted under reads and writes through nginx',
      value: lossFigure,
      target: 'no idempotent failure, no acknowledged write lost',
      ok: Object.keys(loss.idempotentFailures).length === 0 && loss.acknowledgedLost === 0,
    });
    const times = await writeToVisible(cluster);
    console.log(
      `  write → visible: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
    );
    rows.push({
      bench,
      metric: `write on replica 1 → seen in replica 2's cached feed, ${WRITES} writes`,
      value: `p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
      target: 'p99 ≤ 1 s',
      ok: percentile(times, 99) <= 1000,
    });
    rows.push({
      bench,
      metric: 'load average after the runs (uptime)',
      value: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    });
    return rows;
  } finally {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
