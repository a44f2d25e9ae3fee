/** One autocannon run with exact percentiles (autocannon's own summary has no p95). */
import autocannon from 'autocannon';
import { percentileOf as percentile } from './stats.js';

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  /** Responses that were not 2xx, and socket errors or timeouts. */
  failures: number;
  /** The failures by kind: the status answered (`502`), the socket error (`ECONNRESET`), `timeout`. */
  failureKinds: Record<string, number>;
}

export async function load(
  url: string,
  {
    seconds,
    connections = 50,
    headers = {},
    setupRequest,
    expectStatus,
  }: {
    seconds: number;
    connections?: number;
    headers?: Record<string, string>;
    /** Rewrites each request before it is sent (path and headers per request). */
    setupRequest?: (request: autocannon.Request) => autocannon.Request;
    /** The status every answer must have (default: any 2xx). */
    expectStatus?: number;
  },
): Promise<LoadResult> {
  const latencies: number[] = [];
  const failureKinds: Record<string, number> = {};
  const fail = (kind: string) => (failureKinds[kind] = (failureKinds[kind] ?? 0) + 1);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = {
      url,
      connections,
      duration: seconds,
      headers,
      ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
    };
    const instance = autocannon(options, (error, r) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(r),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      const expected = expectStatus
        ? statusCode === expectStatus
        : statusCode >= 200 && statusCode < 300;
      if (!expected) fail(String(statusCode));
    });
    instance.on('reqError', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    failures: Object.values(failureKinds).reduce((a, b) => a + b, 0) + result.timeouts,
    failureKinds: result.timeouts ? { ...failureKinds, timeout: result.timeouts } : failureKinds,
  };
}
