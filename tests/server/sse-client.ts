/**
 * A Server-Sent Events reader over a raw HTTP request, for the live-events suites: it records
 * the response headers and every message as it arrives, and waits for the one a test expects.
 */
import http from 'node:http';

export interface SseMessage {
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far, unparsed (comment lines included). */
  raw(): string;
  messages: SseMessage[];
  /** Resolves when the server ended the response (or the connection broke). */
  ended: Promise<void>;
  /** Resolves with the first message (from now on or already received) that `match` accepts. */
  next(match: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  close(): void;
}

export function openSse(url: string, cookie: string, extra: http.OutgoingHttpHeaders = {}) {
  return new Promise<SseStream>((resolve, reject) => {
    const request = http.get(url, { headers: { cookie, accept: 'text/event-stream', ...extra } });
    request.on('error', reject);
    request.on('response', (response) => {
      let raw = '';
      let pending = '';
      const messages: SseMessage[] = [];
      const waiters = new Set<() => void>();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          ) as Record<string, string>;
          if (fields.data !== undefined) {
            messages.push({ event: fields.event ?? 'message', data: fields.data });
          }
        }
        for (const wake of waiters) wake();
      });
      response.on('error', () => {});
      const ended = new Promise<void>((done) => response.once('close', done));
      resolve({
        ended,
        status: response.statusCode ?? 0,
        headers: response.headers,
        raw: () => raw,
        messages,
        next(match, timeoutMs = 10_000) {
          return new Promise((found, fail) => {
            const check = () => {
              const hit = messages.find(match);
              if (!hit) return false;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(messages)}`),
              );
            }, timeoutMs);
            if (!check()) waiters.add(check);
          });
        },
        close: () => request.destroy(),
      });
    });
  });
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
