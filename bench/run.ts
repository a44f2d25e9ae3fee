/**
 * `npm run bench`: measures what the issues set targets for and prints one table. Never a test:
 * figures depend on the machine. Datasets are built once and cached under bench/.data.
 *
 *   npm run bench                      every bench
 *   npm run bench -- startup media     only the named ones (startup, seed, js, lcp, pages, thumbs, api,
 *                                      suggest, lists, search, dashboard, upnext, comments, media, mixed, memory,
 *                                      transcode, previews, analytics, forgot, and on PostgreSQL only: sse, feed;
 *                                      cluster)
 *   npm run bench -- cluster           only when named: two replicas behind nginx (bench/cluster.ts)
 *   BENCH_SECONDS=5 npm run bench      shorter load runs
 *   DATABASE_URL=postgres://… npm run bench   also measures the API on PostgreSQL
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { benchCluster } from './cluster.js';
import { benchComments } from './comments.js';
import { benchDashboard } from './dashboard.js';
import { benchFeed } from './feed.js';
import { benchJsSize } from './js-size.js';
import { benchLcp } from './lcp.js';
import { benchLists } from './lists.js';
import { ensureEmbeddedDataset, ensurePostgresDataset } from './lib/datasets.js';
import { ROOT } from './lib/paths.js';
import { spawnServer } from './lib/server.js';
import { printTable, type Row } from './lib/table.js';
import { benchMedia } from './media.js';
import { benchPages } from './pages.js';
import { benchMemory } from './memory.js';
import { benchMixedLoad } from './mixed-load.js';
import { benchSearch } from './search.js';
import { benchSeed } from './seed.js';
import { benchSse } from './sse.js';
import { benchStartup } from './startup.js';
import { benchSuggestions } from './suggestions.js';
import { benchForgotPassword } from './forgot-password.js';
import { benchThroughput } from './throughput.js';
import { benchThumbs } from './thumbs.js';
import { benchTranscode } from './transcode.js';
import { benchPreviews } from './previews.js'; // issue 34: S
import { benchAnalytics } from './analytics.js'; // issue 34: S
import { benchUpNext } from './up-next.js';

const NAMES = [
  'startup',
  'seed',
  'js',
  'lcp',
  'pages',
  'thumbs',
  'api',
  'suggest',
  'lists',
  'dashboard',
  'upnext',
  'comments',
  'forgot',
  'media',
  'memory',
  'mixed',
  'transcode',
  'previews',
  'analytics',
  'sse',
  'feed',
  'search',
  'cluster',
] as const;
type Name = (typeof NAMES)[number];
const requested = process.argv
  .slice(2)
  .filter((a): a is Name => (NAMES as readonly string[]).includes(a));
// The cluster bench starts nginx, PostgreSQL and five processes: only when asked for by name.
const enabled = (name: Name) =>
  requested.includes(name) || (requested.length === 0 && name !== 'cluster');

const rows: Row[] = [];
const started = performance.now();

async function section(title: string, work: () => Promise<Row[]>): Promise<void> {
  console.log(`• ${title}`);
  const t = performance.now();
  try {
    const result = await work();
    rows.push(...result);
    console.log(
      printTable(result)
        .split('\n')
        .slice(2)
        .map((l) => `  ${l}`)
        .join('\n'),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    rows.push({ bench: title, metric: `failed: ${message}`, value: '—', ok: false });
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(`  (${((performance.now() - t) / 1000).toFixed(1)} s)`);
}

console.log(
  `VidTube bench on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(2)}`,
);
const onDemo = enabled('js') || enabled('lcp') || enabled('pages') || enabled('thumbs');
if (onDemo) {
  // The pages are measured as `npm start` serves them: built, minified, hashed.
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts/build-if-stale.ts')],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0)
    console.log('  building the SPA failed: measuring the existing dist/client');
}

if (enabled('startup')) await section('startup', benchStartup);
if (enabled('seed')) await section('demo content', benchSeed);

if (onDemo) {
  const demo = await ensureEmbeddedDataset('demo');
  const server = await spawnServer({
    env: { DATA_DIR: demo.dataDir, SEED_DEMO: '0', DATABASE_URL: undefined },
  });
  try {
    if (enabled('js')) await section('javascript shipped (gzip)', () => benchJsSize(server.url));
    if (enabled('lcp')) await section('largest contentful paint', () => benchLcp(server.url));
    if (enabled('pages')) await section('the HTML of the pages', () => benchPages(server.url));
    if (enabled('thumbs')) {
      await section('thumbnail bytes of the home page', () => benchThumbs(server.url));
    }
  } finally {
    await server.stop();
  }
}

if (enabled('api')) {
  await section('api on 100 000 videos (embedded PGlite)', async () => {
    const { dataDir, built } = await ensureEmbeddedDataset('catalogue-100k');
    const rows = await benchThroughput('embedded', { DATA_DIR: dataDir, DATABASE_URL: undefined });
    if (built?.catalogueSeconds !== undefined) {
      rows.unshift({
        bench: 'seed',
        metric: `100 000 catalogue rows inserted (when cached, ${built.at.slice(0, 10)}, load ${built.loadAverage.toFixed(1)})`,
        value: `${built.catalogueSeconds.toFixed(1)} s`,
        target: '< 60 s',
        ok: built.catalogueSeconds < 60,
      });
    }
    return rows;
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    await section('api on 100 000 videos (PostgreSQL)', async () => {
      const dataDir = await ensurePostgresDataset(databaseUrl);
      return benchThroughput('postgres', { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    });
  }
}

if (enabled('search')) {
  await section(
    'search query kinds (issue 31): embedded 100 000, PostgreSQL 1 000 000',
    benchSearch,
  );
}
if (enabled('suggest')) {
  await section('suggestions while typing on 100 000 videos (embedded PGlite)', benchSuggestions);
}

if (enabled('lists')) {
  await section('channel, playlist and history lists (embedded PGlite)', benchLists);
}

if (enabled('dashboard')) {
  await section('dashboard on 1 000 videos, 1 000 000 views (embedded PGlite)', benchDashboard);
}

if (enabled('upnext')) {
  await section(
    "Up next for a video with 10 000 viewers' histories (embedded PGlite)",
    benchUpNext,
  );
}

if (enabled('comments')) {
  await section(
    'comments (issue 33): 100 000 on a video, a thread of 10 000 (embedded; PostgreSQL with DATABASE_URL)',
    benchComments,
  );
}

if (enabled('forgot')) {
  await section('forgot password: the same answer and time for any address', benchForgotPassword);
}

if (enabled('media')) await section('media streaming and upload memory', benchMedia);
if (enabled('mixed')) {
  await section(
    'mixed load: 100 signed-in viewers reading and writing (embedded PGlite)',
    benchMixedLoad,
  );
}

if (enabled('memory')) {
  await section('server memory: idle after the demo seed, 60 s mixed load', benchMemory);
}

if (enabled('transcode')) {
  await section(
    'media pipeline: renditions, time to playable, API while transcoding',
    benchTranscode,
  );
}
// issue 34: S
if (enabled('previews')) {
  await section('seek previews beside the renditions, per minute of 1080p', benchPreviews);
}
if (enabled('analytics')) {
  await section('per-video analytics on 1 000 000 views (embedded PGlite)', benchAnalytics);
}
// Both build their data in a PostgreSQL database of their own; skipped without DATABASE_URL.
if (process.env.DATABASE_URL && enabled('sse')) {
  await section('live events: 1 000 SSE streams (PostgreSQL)', benchSse);
}
if (process.env.DATABASE_URL && enabled('feed')) {
  await section('subscriptions feed: 1 000 subscriptions, 1 000 000 videos', benchFeed);
}

if (enabled('cluster')) {
  await section('replicas behind nginx on 10 000 videos (npm run cluster)', benchCluster);
}

console.log(`\nVidTube bench results (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
console.log(printTable(rows));
