/**
 * Feed, tag page and search on a database of 100 000 videos, under 50 connections, each beside a
 * bare Fastify hello-world measured in the same run. Both servers run in child processes; the
 * bench process only generates load.
 */
import { load, type LoadResult } from './lib/load.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
/** A query word the synthetic catalogue uses in a few percent of titles and descriptions. */
export const SEARCH_QUERY = 'guitar riff';

interface Route {
  label: string;
  path: string;
  target?: { percentile: 'p95' | 'p99'; ms: number };
}

const ROUTES: Route[] = [
  { label: 'feed', path: '/api/v1/videos?page=1&limit=12', target: { percentile: 'p99', ms: 25 } },
  { label: 'tag page', path: '/api/v1/videos?page=1&limit=12&tag=music' },
  {
    label: 'search',
    path: `/api/v1/videos?page=1&limit=12&query=${encodeURIComponent(SEARCH_QUERY)}`,
    target: { percentile: 'p95', ms: 50 },
  },
];

/**
 * Service time first (one connection, after a one-connection warm-up), then 50 connections.
 * Single-connection runs go first because the server keeps working through the backlog that 50
 * connections leave behind after autocannon stops.
 */
async function measure(url: string): Promise<{ alone: LoadResult; loaded: LoadResult }> {
  await load(url, { seconds: WARMUP_SECONDS, connections: 1 });
  const alone = await load(url, { seconds: 3, connections: 1 });
  const loaded = await load(url, { seconds: SECONDS });
  return { alone, loaded };
}

/** Checks the route answers 200 with results, so the figures are not of an error page. */
async function totalOf(url: string): Promise<number> {
  const res = await fetch(url);
  const body = (await res.json()) as { data?: { totalVideos?: number } };
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data?.totalVideos ?? 0;
}

export async function benchThroughput(
  kind: 'embedded' | 'postgres',
  env: Record<string, string | undefined>,
): Promise<Row[]> {
  const bench = `api (${kind})`;
  const hello = await spawnServer({ entry: 'bench/hello-server.ts', healthPath: '/hello' });
  const api = await spawnServer({ env: { SEED_DEMO: '0', ...env } });
  try {
    const { loaded: base } = await measure(`${hello.url}/hello`);
    const rows: Row[] = [
      {
        bench,
        metric: 'fastify hello-world: req/s · p50 · p99',
        value: `${base.rps.toFixed(0)} · ${ms(base.p50)} · ${ms(base.p99)}`,
      },
    ];
    for (const route of ROUTES) {
      const url = `${api.url}${route.path}`;
      const total = await totalOf(url);
      const { alone, loaded: r } = await measure(url);
      const target = route.target;
      const observed = target ? r[target.percentile] : undefined;
      rows.push({
        bench,
        metric: `${route.label} (${total} matches): req/s · p50 · p95 · p99`,
        value: `${r.rps.toFixed(0)} · ${ms(r.p50)} · ${ms(r.p95)} · ${ms(r.p99)}`,
        ...(target && observed !== undefined
          ? { target: `${target.percentile} ≤ ${target.ms} ms`, ok: observed <= target.ms }
          : {}),
      });
      // One connection shows the service time of a single request, without queueing.
      rows.push({
        bench,
        metric: `${route.label}, 1 connection: req/s · p50 · p99`,
        value: `${alone.rps.toFixed(0)} · ${ms(alone.p50)} · ${ms(alone.p99)}`,
      });
      rows.push({
        bench,
        metric: `${route.label}: throughput vs hello-world`,
        value: `${((r.rps / base.rps) * 100).toFixed(1)} %`,
      });
      if (r.failures > 0) {
        rows.push({
          bench,
          metric: `${route.label}: failed responses`,
          value: String(r.failures),
          ok: false,
        });
      }
    }
    return rows;
  } finally {
    await api.stop();
    await hello.stop();
  }
}
