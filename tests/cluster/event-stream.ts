/**
 * A Server-Sent Events client for the cluster suite: reads `GET /api/v1/events` as it arrives and
 * keeps every message with the time it came, so a check can wait for one (`next`) and say how
 * long the stream stayed open. Comment lines (`: heartbeat`) are messages too: they are what
 * keeps a proxy from closing the stream.
 */
import type { Session } from './harness.js';

export interface StreamMessage {
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
  /** performance.now() when its last byte arrived. */
  at: number;
}

export class EventStream {
  readonly messages: StreamMessage[] = [];
  /** Set when the response ended or broke (a proxy closed it, the replica died). */
  endedAt: number | undefined;
  private waiters = new Set<() => void>();

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  /** Opens the stream; rejects unless it answers 200 with text/event-stream. */
  static async open(session: Session, base: string, url: string): Promise<EventStream> {
    const abort = new AbortController();
    const response = await session.open(base, url, abort.signal);
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/event-stream')) {
      abort.abort();
      throw new Error(`${url}: ${response.status} ${type}`);
    }
    const stream = new EventStream(response, abort);
    void stream.read();
    return stream;
  }

  /** The replica nginx passed the stream to (its X-Served-By: the last address it tried). */
  get servedBy(): string | undefined {
    return this.response.headers.get('x-served-by')?.split(',').at(-1)?.trim();
  }

  /** The first message (from the start) that `matches`, waiting up to `ms` for it. */
  next(matches: (message: StreamMessage) => boolean, ms: number): Promise<StreamMessage> {
    return this.waitFor(() => this.messages.find(matches), ms);
  }

  /** The `n`th message (from the start) that `matches`, waiting up to `ms` for it. */
  nth(n: number, matches: (message: StreamMessage) => boolean, ms: number): Promise<StreamMessage> {
    return this.waitFor(() => this.messages.filter(matches)[n - 1], ms);
  }

  /** Resolves when the stream ends (`endedAt`), waiting up to `ms`. */
  async ended(ms: number): Promise<number> {
    const deadline = performance.now() + ms;
    while (this.endedAt === undefined) {
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`the stream did not end within ${ms} ms`);
      await this.wakeOrTimeout(left);
    }
    return this.endedAt;
  }

  /** What `find` returns once it returns something, rechecked as messages arrive. */
  private async waitFor<T>(find: () => T | undefined, ms: number): Promise<T> {
    const deadline = performance.now() + ms;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      const left = deadline - performance.now();
      if (left <= 0 || this.endedAt !== undefined) {
        throw new Error(`no such message within ${ms} ms; got ${JSON.stringify(this.messages)}`);
      }
      await this.wakeOrTimeout(left);
    }
  }

  private wakeOrTimeout(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiters.add(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close(): void {
    this.abort.abort();
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.messages.push(parse(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        this.wake();
      }
    } catch {
      // aborted by close(), or cut off: either way it ended
    }
    this.endedAt = performance.now();
    this.wake();
  }

  private wake(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }
}

function parse(block: string): StreamMessage {
  const message: StreamMessage = { at: performance.now() };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) message.event = line.slice(7);
    else if (line.startsWith('data: ')) message.data = line.slice(6);
    else if (line.startsWith('retry: ')) message.retry = Number(line.slice(7));
  }
  return message;
}

/**
 * Opens `url` through the balancer at `site` until the replica at `base` is the one serving it.
 * Round robin sends two requests in a row to different replicas, but other clients (a load)
 * take turns too, and one stream at a time can fall into step with them and land on the same
 * replica every time (CI saw 20 in a row). So each try opens two streams at once, after a
 * random pause of up to 50 ms: jitter that breaks the step, not a wait for anything.
 */
export async function streamServedBy(session: Session, site: string, url: string, base: string) {
  const host = new URL(base).host;
  for (let tries = 0; tries < 20; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
    const pair = await Promise.all([1, 2].map(() => EventStream.open(session, site, url)));
    const wanted = pair.find((stream) => stream.servedBy === host);
    for (const stream of pair) if (stream !== wanted) stream.close();
    if (wanted) return wanted;
  }
  throw new Error(`nginx never sent ${url} to ${host}`);
}
