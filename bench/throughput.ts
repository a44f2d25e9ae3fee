/**
 * Feed, tag page, searches and watching a video on a database of 100 000 videos, under 50
 * connections, beside a bare Fastify hello-world measured in the same run. Every API figure is
 * taken twice, with the feed cache off (FEED_CACHE_MS=0: every request reaches the database) and
 * on (the default), and printed side by side; targets apply to the uncached figure. Both servers
 * run in child processes; the bench process only generates load.
 */
import { load, type LoadResult } from './lib/load.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';
import { prepareWatchers, watchLoad } from './lib/watchers.js';
import { SEARCHES, topResults } from './search-quality.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;

type Kind = 'embedded' | 'postgres';

interface Target {
  percentile?: 'p99';
  /** Latency bound of the percentile, in ms. */
  ms?: number;
  /** Smallest share of the hello-world's req/s, in percent. */
  share?: number;
  /** Smallest req/s. */
  rps?: number;
}

interface Route {
  label: string;
  path: string;
  target?: Partial<Record<Kind, Target>>;
}

const search = (query: string) =>
  `/api/v1/videos?page=1&limit=12&query=${encodeURIComponent(query)}`;

const ROUTES: Route[] = [
  {
    label: 'feed',
    path: '/api/v1/videos?page=1&limit=12',
    target: { embedded: { share: 15, ms: 50 }, postgres: { share: 20, ms: 50 } },
  },
  { label: 'tag page', path: '/api/v1/videos?page=1&limit=12&tag=music' },
  {
    label: `search, broad "${SEARCHES.broad}"`,
    path: search(SEARCHES.broad),
    target: { embedded: { ms: 150 }, postgres: { ms: 100 } },
  },
  { label: `search, two words "${SEARCHES.twoWords}"`, path: search(SEARCHES.twoWords) },
  { label: `search, rare "${SEARCHES.rare}"`, path: search(SEARCHES.rare) },
];
const WATCH: Route = {
  label: 'GET /videos/{id}, 50 viewers, each request a new video (counts a view)',
  path: '',
  target: { postgres: { rps: 2000 } },
};

interface Figures {
  alone?: LoadResult;
  loaded: LoadResult;
  /** What the route answered (matches), for the label. */
  total?: string;
}

/**
 * Service time first (one connection, after a one-connection warm-up), then 50 connections.
 * Single-connection runs go first because the server keeps working through the backlog that 50
 * connections leave behind after autocannon stops.
 */
async function measure(url: string): Promise<Figures> {
  await load(url, { seconds: WARMUP_SECONDS, connections: 1 });
  const alone = await load(url, { seconds: 3, connections: 1 });
  const loaded = await load(url, { seconds: SECONDS });
  return { alone, loaded };
}

/** Checks the route answers 200, so the figures are not of an error page; returns its total. */
async function totalOf(url: string): Promise<string> {
  const res = await fetch(url);
  const body = (await res.json()) as {
    data?: { totalVideos?: number; totalIsLowerBound?: boolean };
  };
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  const n = body.data?.totalVideos ?? 0;
  return body.data?.totalIsLowerBound ? `${(n - 1).toLocaleString('en-US')}+` : String(n);
}

/** Every route against one API server (cache off or on); `bench` names the quality rows. */
async function measureServer(env: Record<string, string | undefined>, bench: string) {
  const api = await spawnServer({
    // The watch bench signs in 50 fresh viewers.
    env: { SEED_DEMO: '0', AUTH_RATE_LIMIT: '100000', ...env },
  });
  try {
    // Before any load: what fixed searches find first.
    const quality = await topResults(api.url, bench);
    const figures = new Map<Route, Figures>();
    for (const route of ROUTES) {
      const url = `${api.url}${route.path}`;
      const total = await totalOf(url);
      figures.set(route, { ...(await measure(url)), total });
    }
    const watchers = await prepareWatchers(api.url);
    await watchLoad(api.url, watchers, WARMUP_SECONDS, 0);
    figures.set(WATCH, { loaded: await watchLoad(api.url, watchers, SECONDS, 1) });
    return { figures, quality };
  } finally {
    await api.stop();
  }
}

const loadedFigure = (r: LoadResult) =>
  `${r.rps.toFixed(0)} · ${ms(r.p50)} · ${ms(r.p95)} · ${ms(r.p99)}`;
const aloneFigure = (r: LoadResult) => `${r.rps.toFixed(0)} · ${ms(r.p50)} · ${ms(r.p99)}`;
const sideBySide = (off: string, on: string) => `off ${off}  |  on ${on}`;

function verdict(target: Target | undefined, r: LoadResult, base: LoadResult) {
  if (!target) return {};
  const parts: string[] = [];
  let ok = true;
  if (target.ms !== undefined) {
    parts.push(`p99 ≤ ${target.ms} ms`);
    ok &&= r.p99 <= target.ms;
  }
  if (target.share !== undefined) {
    parts.push(`≥ ${target.share} % of hello`);
    ok &&= (r.rps / base.rps) * 100 >= target.share;
  }
  if (target.rps !== undefined) {
    parts.push(`≥ ${target.rps} req/s`);
    ok &&= r.rps >= target.rps;
  }
  return { target: `${parts.join(', ')} (cache off)`, ok };
}

export async function benchThroughput(
  kind: Kind,
  env: Record<string, string | undefined>,
): Promise<Row[]> {
  const bench = `api (${kind})`;
  const hello = await spawnServer({ entry: 'bench/hello-server.ts', healthPath: '/hello' });
  let base: LoadResult;
  let uncached: Awaited<ReturnType<typeof measureServer>>;
  let cached: typeof uncached;
  try {
    base = (await measure(`${hello.url}/hello`)).loaded;
    uncached = await measureServer({ ...env, FEED_CACHE_MS: '0' }, bench);
    cached = await measureServer({ ...env, FEED_CACHE_MS: '2000' }, bench);
  } finally {
    await hello.stop();
  }
  const rows: Row[] = [
    {
      bench,
      metric: 'fastify hello-world: req/s · p50 · p95 · p99',
      value: loadedFigure(base),
    },
  ];
  for (const route of [...ROUTES, WATCH]) {
    const a = uncached.figures.get(route)!;
    const b = cached.figures.get(route)!;
    const total = a.total === undefined ? '' : ` (${a.total} results)`;
    rows.push({
      bench,
      metric: `${route.label}${total}: req/s · p50 · p95 · p99, cache off | on`,
      value: sideBySide(loadedFigure(a.loaded), loadedFigure(b.loaded)),
      ...verdict(route.target?.[kind], a.loaded, base),
    });
    if (a.alone && b.alone) {
      // One connection shows the service time of a single request, without queueing.
      rows.push({
        bench,
        metric: `${route.label}, 1 connection: req/s · p50 · p99, cache off | on`,
        value: sideBySide(aloneFigure(a.alone), aloneFigure(b.alone)),
      });
    }
    const share = (r: LoadResult) => `${((r.rps / base.rps) * 100).toFixed(1)} %`;
    rows.push({
      bench,
      metric: `${route.label}: throughput vs hello-world, cache off | on`,
      value: sideBySide(share(a.loaded), share(b.loaded)),
    });
    const failures = a.loaded.failures + b.loaded.failures;
    if (failures > 0) {
      rows.push({
        bench,
        metric: `${route.label}: failed responses`,
        value: String(failures),
        ok: false,
      });
    }
  }
  return [...rows, ...uncached.quality];
}
