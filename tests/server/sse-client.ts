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
  /**
   * Resolves once the `retry:` line arrived: the hub writes it right after it registered the
   * stream (live-hub.ts, `start`), so an event published from then on reaches it.
   */
  started(timeoutMs?: number): Promise<void>;
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
      /** Resolves with what `find` returns once it returns something, checked on each chunk. */
      const waitFor = <T>(find: () => T | undefined, what: string, timeoutMs: number) =>
        new Promise<T>((found, fail) => {
          const check = () => {
            const hit = find();
            if (hit === undefined) return false;
            waiters.delete(check);
            clearTimeout(timer);
            found(hit);
            return true;
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            fail(new Error(`no ${what} in ${timeoutMs} ms; got ${JSON.stringify(raw)}`));
          }, timeoutMs);
          if (!check()) waiters.add(check);
        });
      resolve({
        ended,
        status: response.statusCode ?? 0,
        headers: response.headers,
        raw: () => raw,
        messages,
        next: (match, timeoutMs = 10_000) =>
          waitFor(() => messages.find(match), 'matching event', timeoutMs),
        started: async (timeoutMs = 10_000) => {
          await waitFor(() => /^retry: /m.test(raw) || undefined, 'retry line', timeoutMs);
        },
        close: () => request.destroy(),
      });
    });
  });
}

/**
 * The messages `stream` received before the first one `sentinel` accepts, waiting for it. The
 * hub delivers one process's events to a stream in the bus's order (live-hub.ts, `inOrder`), so
 * anything an earlier write would have sent it is in this list: a check that a stream heard
 * nothing of an event causes, after the event, something it does hear and waits for that.
 */
export async function heardBefore(
  stream: SseStream,
  sentinel: (m: SseMessage) => boolean,
): Promise<SseMessage[]> {
  const last = await stream.next(sentinel);
  return stream.messages.slice(0, stream.messages.indexOf(last));
}
