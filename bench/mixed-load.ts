/**
 * Issue 35's mixed load: 100 connections of signed-in viewers on the embedded database, each
 * request drawn from what viewers do on a video site (feed, watching, their history, the comments
 * under a video, liking, commenting), beside a Fastify hello-world in the same run. Prints req/s
 * and p50 · p99 of reads and writes apart, and every failure. The catalogue is a copy of the
 * cached 10 000-video dataset, so the writes of one run never reach the next. With DATABASE_URL
 * the same load runs on PostgreSQL (the bench's 100 000-video database) and is printed beside it.
 *
 * The load generator is Node's own http client with one keep-alive socket per connection (100
 * loops, each waiting for its answer before the next request), so the figures are what a server
 * answers to 100 clients that never give up, not an open-loop arrival rate.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client.js';
import { ensureEmbeddedDataset, ensurePostgresDataset } from './lib/datasets.js';
import { registerAndSignIn } from './lib/http.js';
import { load } from './lib/load.js';
import {
  WriteLedger,
  countWrites,
  embeddedQuery,
  lostWrites,
  postgresQuery,
  type WriteCounts,
} from './lib/mixed-writes.js';
import { spawnServer } from './lib/server.js';
import { percentileOf } from './lib/stats.js';
import { ms, type Row } from './lib/table.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
const VIDEOS = 500;

type Kind = 'feed' | 'watch' | 'history' | 'comments' | 'like' | 'comment';
/** How often each kind is drawn, out of 20: mostly reading, a fifth writing. */
const MIX: [Kind, number][] = [
  ['feed', 6],
  ['watch', 5],
  ['history', 2],
  ['comments', 3],
  ['like', 2],
  ['comment', 2],
];
const WRITES = new Set<Kind>(['watch', 'like', 'comment']);
const DECK: Kind[] = MIX.flatMap(([kind, n]) => Array<Kind>(n).fill(kind));

interface Answer {
  status: number;
  ms: number;
  /** The body, kept only when asked for (a like's answer says whether it is liked now). */
  body?: string;
}

function send(
  agent: http.Agent,
  base: URL,
  method: string,
  pathname: string,
  cookie: string,
  body?: string,
  keepBody = false,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: `/api/v1${pathname}`,
        headers: {
          cookie,
          ...(body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        if (keepBody) response.on('data', (chunk: Buffer) => chunks.push(chunk));
        else response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            ...(keepBody ? { body: Buffer.concat(chunks).toString() } : {}),
          }),
        );
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end(body);
  });
}

function requestOf(kind: Kind, video: string, n: number): [string, string, string?] {
  switch (kind) {
    case 'feed':
      return ['GET', `/videos?page=${1 + (n % 3)}&limit=12`];
    case 'watch':
      return ['GET', `/videos/${video}`];
    case 'history':
      return ['GET', '/users/history?page=1&limit=10'];
    case 'comments':
      return ['GET', `/comments/${video}?page=1&limit=9`];
    case 'like':
      return ['POST', `/likes/toggle/v/${video}`];
    case 'comment':
      return ['POST', `/comments/${video}`, JSON.stringify({ content: `Mixed load comment ${n}` })];
  }
}

async function newestVideos(base: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < VIDEOS; page++) {
    const res = await fetch(`${base}/api/v1/videos?page=${page}&limit=50`);
    const body = (await res.json()) as { data: { videos: { _id: string }[] } };
    if (body.data.videos.length === 0) break;
    ids.push(...body.data.videos.map((v) => v._id));
  }
  return ids;
}

interface MixedResult {
  rps: number;
  reads: number[];
  writes: number[];
  /** Each kind's answer times, to see which kind waits. */
  byKind: Record<Kind, number[]>;
  failures: Record<string, number>;
  ledger: WriteLedger;
}

/** Notes a 2xx write in the ledger (mixed-writes.ts). */
function noteWrite(ledger: WriteLedger, kind: Kind, viewer: number, video: string, answer: Answer) {
  if (kind === 'comment') ledger.comments += 1;
  else if (kind === 'watch') ledger.watched(viewer, video);
  else if (kind === 'like') {
    const { data } = JSON.parse(answer.body ?? '{}') as { data?: { liked?: boolean } };
    ledger.toggled(viewer, video, data?.liked === true);
  }
}

/** CONNECTIONS loops for SECONDS, each a viewer with its own socket, drawing kinds from DECK. */
async function mixedLoad(base: string, cookies: string[], videos: string[]): Promise<MixedResult> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const reads: number[] = [];
  const writes: number[] = [];
  const failures: Record<string, number> = {};
  const byKind = Object.fromEntries(MIX.map(([kind]) => [kind, [] as number[]])) as Record<
    Kind,
    number[]
  >;
  const ledger = new WriteLedger();
  const end = performance.now() + SECONDS * 1000;
  let n = 0;
  const loop = async (viewer: number) => {
    while (performance.now() < end) {
      n += 1;
      const kind = DECK[(n * 7 + viewer) % DECK.length]!;
      const video = videos[(n * 13 + viewer) % videos.length]!;
      const [method, pathname, body] = requestOf(kind, video, n);
      const answer = await send(
        agent,
        url,
        method,
        pathname,
        cookies[viewer]!,
        body,
        kind === 'like',
      );
      (WRITES.has(kind) ? writes : reads).push(answer.ms);
      byKind[kind].push(answer.ms);
      if (answer.status < 200 || answer.status >= 300) {
        const key = `${kind} ${answer.status}`;
        failures[key] = (failures[key] ?? 0) + 1;
      } else noteWrite(ledger, kind, viewer, video, answer);
    }
  };
  const started = performance.now();
  await Promise.all(cookies.map((_, viewer) => loop(viewer)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    rps: (reads.length + writes.length) / seconds,
    reads,
    writes,
    byKind,
    failures,
    ledger,
  };
}

/**
 * The rows of one database's run: req/s, p99 of all, reads and writes apart, each kind, failures,
 * and the 2xx writes missing from the database (`found`: its rows counted after the run).
 */
function rowsOf(database: string, result: MixedResult, found: WriteCounts): Row[] {
  const failed = Object.values(result.failures).reduce((a, b) => a + b, 0);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const reads = sorted(result.reads);
  const writes = sorted(result.writes);
  const p99 = percentileOf(sorted([...reads, ...writes]), 99);
  const lost = lostWrites(result.ledger.expected(), found);
  const row = (metric: string, value: string, target?: string, ok?: boolean): Row => ({
    bench: 'mixed',
    metric: `${database}: ${metric}`,
    value,
    ...(target ? { target, ok } : {}),
  });
  return [
    row(
      `${CONNECTIONS} connections, req/s (load ${os.loadavg()[0]!.toFixed(1)})`,
      result.rps.toFixed(0),
    ),
    row('p99 of every request', ms(p99), '≤ 150 ms', p99 <= 150),
    row(
      `reads (feed, history, comments; ${reads.length}) p50 · p99`,
      `${ms(percentileOf(reads, 50))} · ${ms(percentileOf(reads, 99))}`,
    ),
    row(
      `writes (watch, like, comment; ${writes.length}) p50 · p99`,
      `${ms(percentileOf(writes, 50))} · ${ms(percentileOf(writes, 99))}`,
    ),
    ...MIX.map(([kind]) => {
      const times = sorted(result.byKind[kind]);
      return row(
        `  ${kind} (${times.length}) p50 · p99`,
        `${ms(percentileOf(times, 50))} · ${ms(percentileOf(times, 99))}`,
      );
    }),
    row('failed requests', failed ? JSON.stringify(result.failures) : '0', '0', failed === 0),
    row(
      `2xx writes not in the database (${JSON.stringify(result.ledger.expected())})`,
      lost,
      '0',
      lost === '0',
    ),
  ];
}

/**
 * Signs CONNECTIONS new viewers in, then runs the mixed load against `base`; `prefix` starts
 * the viewers' user names (to count their rows after the run).
 */
export async function viewersLoad(base: string): Promise<MixedResult & { prefix: string }> {
  const prefix = `mixed.${Date.now().toString(36)}.`;
  const cookies: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    cookies.push(await registerAndSignIn(base, `${prefix}${i}`));
  }
  return { ...(await mixedLoad(base, cookies, await newestVideos(base))), prefix };
}

/** The run on PostgreSQL (DATABASE_URL's 100 000 videos); its viewers are deleted afterwards. */
async function onPostgres(databaseUrl: string): Promise<Row[]> {
  const dataDir = await ensurePostgresDataset(databaseUrl);
  const server = await spawnServer({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      AUTH_RATE_LIMIT: '100000',
    },
  });
  let result: (MixedResult & { prefix: string }) | undefined;
  try {
    result = await viewersLoad(server.url);
  } finally {
    await server.stop();
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await countWrites(postgresQuery(client), result.prefix);
    return rowsOf('PostgreSQL 100 000 videos', result, found);
  } finally {
    // Their comments, likes and history go with them; the views they counted stay.
    await client.query(`delete from users where user_name like 'mixed.%'`);
    await client.end();
  }
}

export async function benchMixedLoad(): Promise<Row[]> {
  const hello = await spawnServer({ entry: 'bench/hello-server.ts', healthPath: '/hello' });
  const helloLoad = await load(`${hello.url}/hello`, {
    seconds: SECONDS,
    connections: CONNECTIONS,
  });
  await hello.stop();
  const rows: Row[] = [
    {
      bench: 'mixed',
      metric: `hello-world, ${CONNECTIONS} connections: req/s (load ${os.loadavg()[0]!.toFixed(1)})`,
      value: helloLoad.rps.toFixed(0),
    },
  ];
  const { dataDir: cached } = await ensureEmbeddedDataset('catalogue-10k');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-mixed-'));
  await cp(cached, dataDir, { recursive: true });
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined, SEED_DEMO: '0', AUTH_RATE_LIMIT: '100000' },
  });
  try {
    let result: (MixedResult & { prefix: string }) | undefined;
    try {
      result = await viewersLoad(server.url);
    } finally {
      await server.stop();
    }
    // The server wrote everything to disk when it stopped; its rows are counted from there.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const found = await countWrites(embeddedQuery(database), result.prefix);
      rows.push(...rowsOf('embedded 10 000 videos', result, found));
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) rows.push(...(await onPostgres(databaseUrl)));
  return rows;
}
