/**
 * Gives back the memory a burst of requests left as garbage, once the server goes quiet (issue 11:
 * RSS must not grow across 60 s of mixed load). Ten seconds after that load, both V8 heaps (this
 * thread's and the database worker's) still held garbage and full-size young generations: V8
 * collects its old generation when it needs room, and its memory reducer had not run. RSS stayed
 * 25–53 MB above idle; with these collections it settles within a few MB of idle. So: once no
 * request has been in flight for QUIET_TICKS whole check periods, after at least MIN_REQUESTS
 * requests, collect (PASSES times). Never during a request (a full collection pauses its thread
 * for tens of milliseconds), never under load (requests keep arriving), and not again while idle
 * (the count starts over). Counted on the Node server itself, so every request counts: API, SPA,
 * media and uploads alike.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Requests since the last collection that make one worth its pause. */
export const MIN_REQUESTS = 200;
/** A check period with no request in it, and none in flight at its end, counts as quiet. */
const CHECK_EVERY_MS = 1_000;
/**
 * Five seconds: V8 shrinks a young generation only in a full collection after 5 s that allocated
 * less than 1 MB/s (Heap::ReduceNewSpaceSize); measured, gc() 1–4 s after a burst left it at 8 MB,
 * after 5 s at 1 MB.
 */
const QUIET_TICKS = 5;
/**
 * Collections per quiet spell, one per check period: a full collection sweeps the pages it emptied
 * lazily, so they go back to the system only when the next one starts, and the one after that
 * moves what survives off fragmented pages (measured on 80 MB of old-generation garbage: its pages
 * held 79 MB after one, 34 after two, 12 after three). One per period keeps each pause short.
 */
export const PASSES = 3;

/** Calls `tick` every `ms` until the returned function is called; never keeps the process up. */
export type Every = (ms: number, tick: () => void) => () => void;

const realEvery: Every = (ms, tick) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export interface IdleGcOptions {
  /** A full collection of every thread the requests allocated in. */
  collect: () => Promise<void>;
  onError: (error: unknown) => void;
  /** The check period's timer; tests pass their own to tick by hand. */
  every?: Every;
  /**
   * Counts the server's start as a burst: migrations, the first maintenance run and reading the
   * client's files leave garbage and a grown young generation too, and without a collection
   * after them the idle server held 10–15 MB more (with 16 MB semi-spaces) until its first
   * burst of requests had passed.
   */
  startUpIsABurst?: boolean;
}

/** Watches `server`'s requests; the returned function stops watching. */
export function collectWhenIdle(server: Server, options: IdleGcOptions): () => void {
  const { collect, onError, every = realEvery, startUpIsABurst = false } = options;
  let inFlight = 0;
  let requests = startUpIsABurst ? MIN_REQUESTS : 0;
  /** Whether a request started or ended since the last check. */
  let active = false;
  let quietTicks = 0;
  let passes = 0;
  /** Set while checks run: from the first request after a quiet period until the next one. */
  let stopChecking: (() => void) | undefined;

  const check = () => {
    if (inFlight > 0 || active) {
      active = false;
      quietTicks = 0;
      return;
    }
    if (++quietTicks < QUIET_TICKS) return;
    if (requests >= MIN_REQUESTS) {
      collect().catch(onError);
      if (++passes < PASSES) return;
      requests = 0;
      passes = 0;
    }
    quietTicks = 0;
    stopChecking?.();
    stopChecking = undefined;
  };
  const ended = () => {
    inFlight--;
    active = true;
  };
  const started = (_request: IncomingMessage, response: ServerResponse) => {
    inFlight++;
    requests++;
    active = true;
    response.once('close', ended);
    stopChecking ??= every(CHECK_EVERY_MS, check);
  };
  server.on('request', started);
  if (startUpIsABurst) stopChecking = every(CHECK_EVERY_MS, check);
  return () => {
    server.off('request', started);
    stopChecking?.();
  };
}
