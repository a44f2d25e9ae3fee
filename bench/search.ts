/**
 * `npm run bench -- search`: every query kind of issue 31 (one broad word, one rare word, two
 * words, three words, a phrase, a typo), each alone, with a filter and with a sort, through the
 * API with the feed cache off: p50 at one connection and p99 at 50, beside a Fastify hello-world
 * and the uncached feed of the same run. The embedded database holds the 100 000-video catalogue
 * (bench/.data/catalogue-100k); with DATABASE_URL, PostgreSQL holds SEARCH_BENCH_VIDEOS (default
 * 1 000 000) catalogue videos, topped up once by `npm run seed -- --videos N`. Before the load,
 * the bench runs each search once through the feed code with a logging database and prints
 * EXPLAIN of every statement that reads videos, and whether any scans videos or the search
 * postings sequentially. SEARCH_BENCH_EMBEDDED=0 leaves the embedded database out (A/B runs of
 * PostgreSQL alone).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../server/db/client.js';
import type { Db } from '../server/db/client.js';
import { fixedTextName, isFixedText, runsGenericPlan } from '../server/db/fixed-text.js';
import { PreparedStatements } from '../server/db/prepared.js';
import * as schema from '../server/db/schema.js';
import { SearchStatistics } from '../server/feed/search-density.js';
import { listFeed, type FeedFilters } from '../server/feed/video-feed.js';
import { ensureEmbeddedDataset, runSeed } from './lib/datasets.js';
import { cpuSnapshot, cpuSpent, untilQuiet } from './lib/cpu.js';
import { load, type LoadResult } from './lib/load.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { BENCH_DATA } from './lib/paths.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_VIDEOS = Number(process.env.SEARCH_BENCH_VIDEOS ?? 1_000_000);

/** The query kinds, in words of the synthetic catalogue (server/seed/catalogue.ts). */
export const QUERY_KINDS = {
  'one broad word': 'music',
  'one rare word': 'capacitor',
  'two words': 'guitar riff',
  'three words': 'night train ferry',
  phrase: '"ramen broth"',
  typo: 'sourdugh',
} as const;
const VARIANTS = {
  alone: '',
  'filter (this year, under 4 min)': '&uploaded=year&duration=short',
  'sort (views)': '&sortBy=views',
} as const;

type Kind = 'embedded' | 'postgres';
const TARGETS: Record<Kind, { p99: number; p50: number }> = {
  postgres: { p99: 100, p50: 10 },
  embedded: { p99: 200, p50: 20 },
};

interface Captured {
  text: string;
  params: unknown[];
}

const EXPLAIN = 'explain (analyze, costs off, timing off, summary on)';

/** A bound value written as SQL, for EXECUTE's arguments. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text =
    typeof value === 'string'
      ? value
      : value instanceof Date
        ? value.toISOString()
        : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * EXPLAIN of a named statement (fixed-text.ts) as it may run: a copy prepared, run five times
 * (PostgreSQL's custom plans, after which it may keep a generic one), then explained at its sixth
 * run; one the app runs on its generic plan is explained on it. One text of several statements,
 * so that all of them run on one connection of the pool.
 */
async function explainNamed(
  opened: Awaited<ReturnType<typeof openDatabase>>,
  statement: Captured,
  name: string,
): Promise<{ rows: unknown[] }> {
  const run = `execute ${name}(${statement.params.map(literal).join(', ')})`;
  const appName = fixedTextName(statement.text);
  // The app runs these on connections that keep the generic plan (client.ts); one text of several
  // statements is one transaction, which `set local` lasts.
  const generic = appName && runsGenericPlan(appName);
  const answer: unknown = await opened.executeSql(
    [
      ...(generic ? ['set local plan_cache_mode = force_generic_plan'] : []),
      `prepare ${name} as ${statement.text}`,
      ...Array<string>(5).fill(run),
      `${EXPLAIN} ${run}`,
    ].join(';\n'),
  );
  // node-postgres answers each statement of the text; the embedded database the last one.
  return (Array.isArray(answer) ? answer.at(-1) : answer) as { rows: unknown[] };
}

/**
 * EXPLAIN of every statement a search sends that reads videos or the postings, through the feed
 * code itself.
 */
async function plans(
  opened: Awaited<ReturnType<typeof openDatabase>>,
  kind: Kind,
): Promise<{ lines: string[]; seqScans: string[] }> {
  const captured: Captured[] = [];
  const logger = {
    logQuery: (text: string, params: unknown[]) => captured.push({ text, params }),
  };
  const client = (opened.db as unknown as { $client: unknown }).$client;
  const db = (kind === 'postgres'
    ? drizzle(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
  const database = {
    db,
    statements: new PreparedStatements(db),
    searchStats: new SearchStatistics(db),
  };
  const urls = { origin: 'http://bench', storage: { url: (key: string) => key } } as never;
  const lines: string[] = [];
  const seqScans: string[] = [];
  let named = 0;
  for (const [label, query] of Object.entries(QUERY_KINDS)) {
    for (const [variant, extra] of Object.entries(VARIANTS)) {
      const params = new URLSearchParams(extra);
      const filters: FeedFilters = {
        query,
        page: 1,
        limit: 12,
        ...(params.get('uploaded') ? { uploaded: 'year' as const } : {}),
        ...(params.get('duration') ? { duration: 'short' as const } : {}),
        ...(params.get('sortBy') ? { sortBy: 'views' as const } : {}),
      };
      // Twice: the first learns the query's compiled form and the statistics.
      await listFeed(database, filters, urls, 1_000);
      captured.length = 0;
      await listFeed(database, filters, urls, 1_000);
      lines.push(`${label}, ${variant}: "${query}"`);
      const readsVideos = /\b(from|join) "?(videos|search_postings)"?/;
      for (const statement of captured.filter((c) => readsVideos.test(c.text))) {
        const result = isFixedText(statement.text)
          ? await explainNamed(opened, statement, `bench_plan_${++named}`)
          : await opened.executeSql(`${EXPLAIN} ${statement.text}`, statement.params);
        if (isFixedText(statement.text)) {
          // The app's own copy may keep another plan: pg_prepared_statements counts its generic
          // and custom runs.
          const name = fixedTextName(statement.text);
          lines.push(
            name && runsGenericPlan(name)
              ? '    (named: a prepared copy on its generic plan, as the app runs it)'
              : '    (named: a prepared copy, explained at its sixth run)',
          );
        }
        const plan = (result.rows as Record<string, string>[]).map((r) => r['QUERY PLAN']!);
        lines.push(...plan.map((l) => `    ${l}`), '');
        if (plan.some((l) => /Seq Scan on (videos|search_postings)/.test(l)))
          seqScans.push(`${label}, ${variant}`);
      }
    }
  }
  return { lines, seqScans };
}

/** Tops PostgreSQL up to PG_VIDEOS catalogue videos; returns a DATA_DIR for its servers. */
async function ensurePostgres(url: string): Promise<string> {
  const dataDir = path.join(BENCH_DATA, 'postgres-search-media');
  await mkdir(dataDir, { recursive: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let existing = 0;
  try {
    const res = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_name = 'videos'`,
    );
    if (Number(res.rows[0]?.n) > 0) {
      existing = Number(
        (await client.query<{ n: string }>('select count(*) as n from videos')).rows[0]?.n,
      );
    }
  } finally {
    await client.end();
  }
  if (existing < PG_VIDEOS) {
    console.log(`  adding ${PG_VIDEOS - existing} videos to PostgreSQL (once)…`);
    await runSeed(['--videos', String(PG_VIDEOS - existing)], {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
    });
  }
  return dataDir;
}

async function benchOne(kind: Kind, env: Record<string, string | undefined>, videos: string) {
  const bench = `search (${kind}, ${videos} videos)`;
  const rows: Row[] = [];
  const opened = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATA_DIR ? path.join(env.DATA_DIR, 'pglite') : 'memory://',
  });
  try {
    const { lines, seqScans } = await plans(opened, kind);
    console.log(
      `  plans of the search statements (${kind}):\n${lines.map((l) => `    ${l}`).join('\n')}`,
    );
    rows.push({
      bench,
      metric: 'no sequential scan of videos in any search plan',
      value: seqScans.length === 0 ? 'yes' : `no: ${seqScans.join('; ')}`,
      ok: seqScans.length === 0,
    });
  } finally {
    await opened.close();
  }
  const hello = await spawnServer({ entry: 'bench/hello-server.ts', healthPath: '/hello' });
  try {
    await load(`${hello.url}/hello`, { seconds: 2 });
    const r = await load(`${hello.url}/hello`, { seconds: SECONDS });
    rows.push({
      bench,
      metric: 'fastify hello-world, 50 connections: p50 · p99',
      value: `${ms(r.p50)} · ${ms(r.p99)}`,
    });
  } finally {
    await hello.stop();
  }
  const api = await spawnServer({ env: { SEED_DEMO: '0', FEED_CACHE_MS: '0', ...env } });
  // Its start-up work (about 0.5 s of CPU on PostgreSQL) would count as the first routes' own.
  await untilQuiet(api.pid, { seconds: 2, maxMs: 60_000 });
  const cpu = cpuMeter(api.pid, env.DATABASE_URL);
  try {
    const routes: [string, string][] = [['feed (uncached)', '/api/v1/videos?page=1&limit=12']];
    for (const [label, query] of Object.entries(QUERY_KINDS)) {
      for (const [variant, extra] of Object.entries(VARIANTS)) {
        routes.push([
          `${label} "${query}", ${variant}`,
          `/api/v1/videos?page=1&limit=12&query=${encodeURIComponent(query)}${extra}`,
        ]);
      }
    }
    routes.push(['channels "jun"', '/api/v1/search/channels?query=jun']);
    const target = TARGETS[kind];
    for (const [label, route] of routes) {
      const url = `${api.url}${route}`;
      const check = await fetch(url);
      const body = (await check.json()) as {
        data?: { totalVideos?: number; totalIsLowerBound?: boolean; spelling?: unknown };
      };
      if (!check.ok) throw new Error(`${route} answered ${check.status}`);
      const total = body.data?.totalVideos;
      const found =
        total === undefined
          ? ''
          : ` (${body.data?.totalIsLowerBound ? `${total - 1}+` : total}${body.data?.spelling ? ', corrected' : ''})`;
      await load(url, { seconds: 1, connections: 1 });
      const alone = await load(url, { seconds: 3, connections: 1 });
      const { result: loaded, perRequest } = await cpu.measure(() =>
        load(url, { seconds: SECONDS }),
      );
      console.log(`  ${label}: at 50 connections, CPU ms per request: ${perRequest}`);
      const isSearch = route.includes('query=') && !route.includes('/search/');
      rows.push({
        bench,
        metric: `${label}${found}: p50 at 1 connection · p99 at 50 · req/s at 50`,
        value: `${ms(alone.p50)} · ${ms(loaded.p99)} · ${loaded.rps.toFixed(0)}`,
        ...(isSearch
          ? {
              target: `p50 ≤ ${target.p50} ms, p99 ≤ ${target.p99} ms`,
              ok: alone.p50 <= target.p50 && loaded.p99 <= target.p99 && loaded.failures === 0,
            }
          : {}),
      });
    }
  } finally {
    await cpu.close();
    await api.stop();
  }
  return rows;
}

/**
 * What a load run's requests cost in CPU: the API process (its HTTP thread and, embedded, the
 * database's worker thread), PostgreSQL's backends of the database, and this process (the load
 * generator), in ms per request. On 2 cores the three share, the sum bounds the request rate and
 * with it p99 at 50 connections (50 / rate is the mean wait).
 */
function cpuMeter(apiPid: number, databaseUrl: string | undefined) {
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 1 }) : undefined;
  const backends = async () =>
    pool
      ? (
          await pool.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
        ).rows.map((row) => row.pid)
      : [];
  const measure = async (run: () => Promise<LoadResult>) => {
    const postgres = await backends();
    const before = [await cpuSnapshot([apiPid]), await cpuSnapshot(postgres)];
    const self = process.cpuUsage();
    const result = await run();
    const selfMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(self));
    const after = [
      await cpuSnapshot([apiPid]),
      await cpuSnapshot([...new Set([...postgres, ...(await backends())])]),
    ];
    const per = (ms: number) => (ms / Math.max(1, result.requests)).toFixed(2);
    const parts = [`API ${per(cpuSpent(before[0]!, after[0]!))}`];
    if (pool) parts.push(`PostgreSQL ${per(cpuSpent(before[1]!, after[1]!))}`);
    parts.push(`load generator ${per(selfMs)}`);
    return { result, perRequest: parts.join(', ') };
  };
  return { measure, close: async () => pool?.end() };
}

export async function benchSearch(): Promise<Row[]> {
  const rows: Row[] = [];
  if (process.env.SEARCH_BENCH_EMBEDDED !== '0') {
    const { dataDir } = await ensureEmbeddedDataset('catalogue-100k');
    rows.push(
      ...(await benchOne('embedded', { DATA_DIR: dataDir, DATABASE_URL: undefined }, '100 000')),
    );
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const dataDir = await ensurePostgres(url);
    rows.push(
      ...(await benchOne(
        'postgres',
        { DATA_DIR: dataDir, DATABASE_URL: url },
        PG_VIDEOS.toLocaleString('en-US'),
      )),
    );
  }
  return rows;
}
