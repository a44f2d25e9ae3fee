/**
 * Forgot password (issue 32) must not tell from its timing whether an address has an account:
 * the request answers the same words for both, after the same work (it queues a mail job; the
 * job finds out). This bench asks for a reset of ADDRESSES known and ADDRESSES unknown addresses,
 * one request at a time and the two kinds interleaved (known first on even rounds), each address
 * once (the per-address limit is 3 in 15 minutes), and prints both medians, both 90th
 * percentiles and their ratio. A difference within the run's noise is the target.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { median } from './lib/stats.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

const ADDRESSES = 150;
const BENCH = 'forgot password, known vs unknown address';

const percentile90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;

async function post(url: string, body: unknown): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.text();
  return { status: response.status, ms: performance.now() - started };
}

export async function benchForgotPassword(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-forgot-'));
  // The per-client limit is lifted: every request here comes from one address.
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined, AUTH_RATE_LIMIT: '100000' },
  });
  try {
    const tag = Date.now().toString(36);
    const known = Array.from({ length: ADDRESSES }, (_, i) => `known${i}.${tag}@example.org`);
    const unknown = known.map((address) => `nobody.${address}`);
    for (const [i, email] of known.entries()) {
      const registered = await post(`${server.url}/api/v1/users/register`, {
        fullName: `Bench ${i}`,
        userName: `bench_${tag}_${i}`,
        email,
        password: 'bench password 123',
      });
      if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    }
    const ask = (email: string) =>
      post(`${server.url}/api/v1/users/password-reset/request`, { email });
    // Warm-up on addresses of neither list.
    for (let i = 0; i < 20; i++) await ask(`warm${i}.${tag}@example.org`);
    const times = { known: [] as number[], unknown: [] as number[] };
    const statuses = new Set<number>();
    for (let i = 0; i < ADDRESSES; i++) {
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        const answer = await ask((kind === 'known' ? known : unknown)[i]!);
        statuses.add(answer.status);
        times[kind].push(answer.ms);
      }
    }
    const load = os.loadavg()[0]!.toFixed(2);
    return [
      {
        bench: BENCH,
        metric: `p50 known · unknown (${ADDRESSES} each, 1 connection, load ${load})`,
        value: `${ms(median(times.known))} · ${ms(median(times.unknown))}`,
      },
      {
        bench: BENCH,
        metric: 'p90 known · unknown',
        value: `${ms(percentile90(times.known))} · ${ms(percentile90(times.unknown))}`,
      },
      {
        bench: BENCH,
        metric: 'p50 known / unknown',
        value: (median(times.known) / median(times.unknown)).toFixed(2),
        target: '1.00 ± noise',
      },
      {
        bench: BENCH,
        metric: 'answers',
        value: [...statuses].join(', '),
        target: '200 only',
        ok: statuses.size === 1 && statuses.has(200),
      },
    ];
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
