/**
 * Suggestions while typing (issue 31) on the embedded database with 100 000 videos, and with
 * DATABASE_URL on PostgreSQL's search bench catalogue (1 000 000 videos): p50 with one connection
 * and p99 with 50, over prefixes from one letter to whole words (broad, rare, none), with a full
 * table of searched queries (SEARCH_LOG_MAX_ROWS). Before the load it prints the plans of the
 * suggestions statement, which must read the prefix indexes of migration 0016 and never scan the
 * videos table. Targets (issue 31): p50 ≤ 5 ms, p99 ≤ 30 ms at 50 connections. Each is measured
 * twice: with the suggestions cache off (the database's speed) and as served (cache hits).
 *
 * The embedded run uses a copy of the catalogue-100k dataset (bench/.data/suggestions-100k), so the
 * searched queries it adds stay out of the other benches' data; on PostgreSQL they replace the
 * search bench's searched queries, which only suggestions read.
 */
import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.js';
import { SUGGESTIONS_MAX } from '../contract/search.js';
import { SEARCH_LOG_MAX_ROWS, SEARCH_LOG_MIN_COUNT } from '../server/feed/search-log.js';
import { titleWordQuery } from '../server/feed/suggestions.js';
import { ensureEmbeddedDataset } from './lib/datasets.js';
import { untilQuiet } from './lib/cpu.js';
import { load } from './lib/load.js';
import { BENCH_DATA } from './lib/paths.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** What people type: one letter, a few, a word and more, common and rare, and nothing found. */
export const PREFIXES = [
  't',
  'th',
  'the p',
  'b',
  'bre',
  'sourdough',
  'how i l',
  'ky',
  'relax',
  'mob',
  'piano c',
  'zzq',
  'tr',
  'crys',
  'night',
  'mira',
];

const loadAverage = () => os.loadavg()[0]!.toFixed(2);

/** Where the bench runs: the embedded copy, or PostgreSQL's search bench catalogue. */
interface Target {
  bench: string;
  env: { DATA_DIR: string; DATABASE_URL: string | undefined; SEED_DEMO?: string };
}

/** A copy of the embedded catalogue-100k, kept apart from the other benches' data. */
async function embeddedTarget(): Promise<Target> {
  const source = await ensureEmbeddedDataset('catalogue-100k');
  const dataDir = path.join(BENCH_DATA, 'suggestions-100k');
  if (!existsSync(path.join(dataDir, '.bench-ready'))) {
    await rm(dataDir, { recursive: true, force: true });
    await cp(source.dataDir, dataDir, { recursive: true });
  }
  return {
    bench: 'suggestions (100 000 videos, embedded)',
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined },
  };
}

/**
 * The searched queries written into `target`'s database (SEARCH_LOG_MAX_ROWS, replacing what it
 * held), and the plans of the suggestions statement printed.
 */
async function prepare({ env }: Target): Promise<{ seqScans: number }> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'pglite'),
  });
  let seqScans = 0;
  try {
    const { db } = database;
    // Queries made of catalogue title words (two and three words), counted like a long tail.
    await db.execute(sql`truncate search_queries`);
    await db.execute(sql`
      insert into search_queries (text, count, video_id, last_searched_at)
      select text, greatest(2, (100000 / (row_number() over (order by text))::int)), id, now()
        from (select distinct on (text) text, id
          from (select id, lower(split_part(title, ' ', 1) || ' ' || split_part(title, ' ', 2)
              || case when n % 2 = 0 then ' ' || split_part(title, ' ', 3) else '' end) as text
            from (select id, title, row_number() over () as n from videos
              where is_published limit 60000) t) words
          where text <> '') q
        limit ${SEARCH_LOG_MAX_ROWS}`);
    await db.execute(sql`analyze search_queries`);
    const source = (await db.execute(
      sql`select prosrc from pg_proc where proname = 'search_suggestion_candidates'`,
    )) as { rows: { prosrc: string }[] };
    const body = source.rows[0]!.prosrc;
    for (const typed of ['t', 'the p', 'bre', 'zzq', 'piano cov']) {
      // Each source's statement as the function runs it (sequential scans off), with a warm cache.
      for (const statement of sourceStatements(body, typed)) {
        const explain = sql.raw(`explain (analyze, costs off) ${statement}`);
        const result = (await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(explain);
          return tx.execute(explain);
        })) as { rows: { 'QUERY PLAN': string }[] };
        const plan = result.rows.map((r) => r['QUERY PLAN']);
        if (
          plan.some((line) =>
            /Seq Scan on (videos|users|search_queries|search_words|search_postings)/.test(line),
          )
        )
          seqScans++;
        console.log(`  plan for "${typed}":\n${plan.map((l) => `    ${l}`).join('\n')}`);
      }
    }
  } finally {
    await database.close();
  }
  return { seqScans };
}

/**
 * The statements of search_suggestion_candidates() (migrations 0019, 0026, 0027: each RETURN QUERY
 * and the count of titles starting with the text) with the function's arguments and variables
 * written in as suggest() passes them, for EXPLAIN (the bench's own fixed texts). Of the two
 * completions of the last word, the one the typed text runs: one word or more.
 */
function sourceStatements(body: string, typed: string): string[] {
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const words = titleWordQuery(typed);
  const wordPrefix = words?.match(/^([^ &:]+):\*A$/)?.[1];
  const values: Record<string, string> = {
    low: `search_fold(${literal(typed)})`,
    high: `(search_fold(${literal(typed)}) || chr(1114111))`,
    words: words === null ? 'null' : literal(words),
    word_prefix: wordPrefix === undefined ? 'null' : literal(wordPrefix),
    per_source: String(SUGGESTIONS_MAX * 2),
    queries_max: String(SUGGESTIONS_MAX),
    min_count: String(SEARCH_LOG_MIN_COUNT),
  };
  const raw = [
    ...[...body.matchAll(/SELECT count\(\*\) INTO prefixed([\s\S]*?);/g)].map(
      (m) => `SELECT count(*) ${m[1]}`,
    ),
    ...[...body.matchAll(/RETURN QUERY([\s\S]*?);/g)].map((m) => m[1]!),
  ];
  return raw
    .filter((statement) => {
      if (statement.includes('word_prefix')) return wordPrefix !== undefined;
      if (statement.includes('to_tsquery')) return words !== null && wordPrefix === undefined;
      return true;
    })
    .map((statement) =>
      statement.replace(
        /\b(low|high|words|word_prefix|per_source|queries_max|min_count)\b/g,
        (name) => values[name]!,
      ),
    );
}

/**
 * The embedded copy, and with DATABASE_URL the PostgreSQL catalogue of `npm run bench -- search`
 * (issue 31 sets the suggestions' targets beside the 1 000 000-video searches), which must hold
 * it already: the search bench seeds it.
 */
export async function benchSuggestions(): Promise<Row[]> {
  const targets = [await embeddedTarget()];
  const url = process.env.DATABASE_URL;
  if (url) {
    targets.push({
      bench: 'suggestions (PostgreSQL, the search bench catalogue)',
      env: {
        DATA_DIR: path.join(BENCH_DATA, 'postgres-search-media'),
        DATABASE_URL: url,
        SEED_DEMO: '0',
      },
    });
  }
  const rows: Row[] = [];
  for (const target of targets) rows.push(...(await benchOne(target)));
  return rows;
}

/**
 * The server's two ways to answer: every request reading the database (SUGGESTIONS_CACHE_MS 0,
 * the statement's own speed), and as served (its default per-replica cache: the 16 prefixes
 * repeat, so nearly every request is a cache hit, as the first letters people type are).
 */
const MODES = [
  { name: 'uncached', env: { SUGGESTIONS_CACHE_MS: '0' } },
  { name: 'as served, cache hits', env: {} },
];

async function benchOne(target: Target): Promise<Row[]> {
  const { seqScans } = await prepare(target);
  const rows: Row[] = [
    {
      bench: target.bench,
      metric: 'plans read the prefix indexes, no sequential scan of videos, users, queries',
      value: seqScans === 0 ? 'yes' : `${seqScans} with a scan`,
      ok: seqScans === 0,
    },
  ];
  for (const mode of MODES) rows.push(...(await measure(target, mode)));
  return rows;
}

async function measure(target: Target, mode: (typeof MODES)[number]): Promise<Row[]> {
  const BENCH = `${target.bench}, ${mode.name}`;
  const server = await spawnServer({ env: { ...target.env, ...mode.env } });
  // Its start-up work would otherwise run beside the first measurements.
  await untilQuiet(server.pid, { seconds: 2, maxMs: 120_000 });
  const rows: Row[] = [];
  try {
    let next = 0;
    const setupRequest = (request: { path?: string }) => ({
      ...request,
      path: `/api/v1/search/suggestions?q=${encodeURIComponent(PREFIXES[next++ % PREFIXES.length]!)}`,
    });
    const url = `${server.url}/api/v1/search/suggestions?q=t`;
    await load(url, { seconds: 2, connections: 5, setupRequest });
    const loadBefore = loadAverage();
    const alone = await load(url, { seconds: SECONDS, connections: 1, setupRequest });
    const loadBetween = loadAverage();
    const busy = await load(url, { seconds: SECONDS, connections: 50, setupRequest });
    rows.push(
      {
        bench: BENCH,
        metric: `p50, 1 connection, ${PREFIXES.length} prefixes in turn (load ${loadBefore})`,
        value: ms(alone.p50),
        target: '≤ 5 ms',
        ok: alone.p50 <= 5 && alone.failures === 0,
      },
      {
        bench: BENCH,
        metric: `p50 / p99, 50 connections (load ${loadBetween}, after ${loadAverage()}, ${Math.round(busy.rps)} req/s)`,
        value: `${ms(busy.p50)} / ${ms(busy.p99)}`,
        target: 'p99 ≤ 30 ms',
        ok: busy.p99 <= 30 && busy.failures === 0,
      },
    );
  } finally {
    await server.stop();
  }
  return rows;
}
