/**
 * Losing a replica under load, through nginx: readers (the feed, watches of signed-in viewers)
 * and writers (posting tweets) run while replica 1 is killed with SIGKILL and started again.
 * Every failure is counted by method, so the figure says how many were idempotent requests (which
 * nginx must pass to the other replica: none may fail) and how many were writes cut off with
 * their replica (nginx never replays a POST: the client sees the failure, nothing is lost).
 * nginx's error log over the same time says why each request was passed on or failed.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Cluster } from '../../scripts/cluster/cluster.js';
import { registerAndSignIn } from './http.js';
import type { WatchSetup } from './watchers.js';

const READERS = 40;
const WRITERS = 10;
const FEED = '/api/v1/videos?page=1&limit=12';

export interface ReplicaLoss {
  requests: { GET: number; POST: number };
  /** Failed idempotent requests (GET), by kind (`502`, `ECONNRESET`…): nginx should leave none. */
  idempotentFailures: Record<string, number>;
  /** Failed writes (POST), by kind: cut off with their replica, never replayed. */
  writeFailures: Record<string, number>;
  /** Writes answered 201 that the database does not hold (must be 0). */
  acknowledgedLost: number;
  /** nginx's error log lines of the phase, by message (timestamps and ids removed). */
  balancerLog: Record<string, number>;
}

const count = (kinds: Record<string, number>, kind: string) =>
  (kinds[kind] = (kinds[kind] ?? 0) + 1);

/** `fetch` failed: the socket error's code (undici puts it on the cause), else the message. */
function errorKind(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as Error).name ?? 'error';
}

/** nginx's `… [error] 123#123: *456 message while …, client: …` → `error: message while …`. */
function logMessage(line: string): string {
  const match = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: .*)?$/.exec(line);
  return match ? `${match[1]}: ${match[2]!.replace(/\d+\.\d+\.\d+\.\d+:\d+/g, '…')}` : line;
}

/** Where nginx's error log ends now: what `balancerLogSince` reads from. */
export async function balancerLogMark(cluster: Cluster): Promise<number> {
  return (await readFile(cluster.balancerErrorLog, 'utf8')).length;
}

/** nginx's error log lines since `mark`, by message: why requests were passed on or failed. */
export async function balancerLogSince(
  cluster: Cluster,
  mark: number,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const log = (await readFile(cluster.balancerErrorLog, 'utf8')).slice(mark);
  for (const line of log.split('\n').filter(Boolean)) count(counts, logMessage(line));
  return counts;
}

export async function replicaLossUnderLoad(
  cluster: Cluster,
  { viewers, ids }: WatchSetup,
): Promise<ReplicaLoss> {
  const site = cluster.url;
  const run = randomBytes(4).toString('hex');
  const writer = await registerAndSignIn(site, `loss.${run}`);
  const result: ReplicaLoss = {
    requests: { GET: 0, POST: 0 },
    idempotentFailures: {},
    writeFailures: {},
    acknowledgedLost: 0,
    balancerLog: {},
  };
  const acknowledged: string[] = [];
  const logStart = await balancerLogMark(cluster);
  let running = true;
  let sent = 0;

  const send = async (method: 'GET' | 'POST', url: string, init: RequestInit) => {
    result.requests[method] += 1;
    const failures = method === 'GET' ? result.idempotentFailures : result.writeFailures;
    try {
      const answer = await fetch(`${site}${url}`, {
        ...init,
        method,
        signal: AbortSignal.timeout(30_000),
      });
      await answer.arrayBuffer();
      if (!answer.ok) count(failures, String(answer.status));
      return answer.status;
    } catch (error) {
      count(failures, errorKind(error));
      return 0;
    }
  };
  const reader = async (k: number) => {
    for (let step = 0; running; step += 1) {
      const viewer = viewers[k % viewers.length]!;
      const id = ids[(k * 997 + step * 31) % ids.length];
      await send('GET', FEED, {});
      await send('GET', `/api/v1/videos/${id}`, { headers: { cookie: viewer.cookie } });
    }
  };
  const poster = async () => {
    while (running) {
      const content = `loss ${run} ${(sent += 1)}`;
      const status = await send('POST', '/api/v1/tweets', {
        headers: { cookie: writer, 'content-type': 'application/json' },
        body: JSON.stringify({ content }),
      });
      if (status === 201) acknowledged.push(content);
    }
  };
  const load = [
    ...Array.from({ length: READERS }, (_, k) => reader(k)),
    ...Array.from({ length: WRITERS }, () => poster()),
  ];
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const [one] = cluster.replicas;
  await pause(2_000);
  await one!.kill('SIGKILL');
  await pause(3_000);
  await one!.start();
  await pause(3_000);
  running = false;
  await Promise.all(load);

  const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ content: string }>(
      'select content from tweets where content like $1',
      [`loss ${run} %`],
    );
    const stored = new Set(rows.map((row) => row.content));
    result.acknowledgedLost = acknowledged.filter((content) => !stored.has(content)).length;
  } finally {
    await pool.end();
  }
  result.balancerLog = await balancerLogSince(cluster, logStart);
  return result;
}

/** `3 (502 ×2, ECONNRESET ×1)`, or `0`. */
export function failureSummary(kinds: Record<string, number>): string {
  const entries = Object.entries(kinds);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return '0';
  return `${total} (${entries.map(([kind, n]) => `${kind} ×${n}`).join(', ')})`;
}
