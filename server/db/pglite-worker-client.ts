/**
 * The HTTP thread's handle on the embedded database, which lives in a worker thread
 * (pglite-worker.ts). It offers the part of PGlite's client that drizzle-orm/pglite uses —
 * `query(sql, params, { rowMode })` and `transaction(fn)` — so drizzle, and every service, works
 * on it unchanged.
 *
 * Why a MessagePort protocol and not @electric-sql/pglite-socket with `pg` on this side: its
 * multiplexer hands PGlite one wire message at a time from whichever connection sent it, so
 * two connections' extended-protocol messages (Parse/Bind/Execute) can interleave outside a
 * transaction; with a single connection every statement would wait for the previous round trip
 * through TCP. It also pins PGlite to 0.5.14, a version behind ours. Here a transaction is one
 * unit in the worker (PGlite's transaction lock keeps every other statement out until it ends),
 * statements queue in the worker without round-trip gaps, and errors keep their PostgreSQL fields.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FROM_SOURCE } from '../app-root.js';
import { DRIZZLE_PARSERS, decodeReply } from './pg-wire.js';
import {
  fromSerializedError,
  type QueryResult,
  type RowMode,
  type WorkerInput,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStatus,
} from './pglite-protocol.js';

type Outgoing = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (result: QueryResult | undefined) => void;
  reject: (error: Error) => void;
  /** How to read a raw reply (a named statement's). */
  rowMode: RowMode;
}

export interface QueryClient {
  query(sql: string, params?: unknown[], options?: { rowMode?: RowMode }): Promise<QueryResult>;
}

/**
 * PGlite's WebAssembly, compiled once per process: a compiled module crosses to a worker without
 * being compiled again (seconds on a busy machine) and its machine code is shared, not copied.
 */
let compiled: Promise<Pick<WorkerInput, 'pgliteWasmModule' | 'initdbWasmModule'>> | undefined;
function compiledPglite() {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) =>
      WebAssembly.compile(await readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
    ]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return compiled;
}

/**
 * In-memory databases (the tests open one per app) start from a dump of the first one, taken
 * right after its migrations: loading it takes a fraction of initdb's time.
 */
let memoryTemplate: Blob | undefined;

/**
 * The worker's young generation (where V8 puts new objects) is capped at 4 MB semi-spaces instead
 * of 16 MB: PGlite's result parsing made V8 grow it to the full 32 MB, which stayed resident
 * between bursts. Unlike the HTTP thread's (scripts/server-process.ts), 16 MB semi-spaces here
 * gained nothing beyond the noise on the uncached feed (2 155–2 420 against 2 276–2 630 req/s).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 12 };

/**
 * From the bundle (`npm start`), the worker is its own bundled file beside main.mjs. From source,
 * Node cannot load a .ts worker by itself: a one-line bootstrap registers tsx's CommonJS hooks,
 * which compile in the worker's own thread (its ESM hooks would start one more thread per worker),
 * then loads the worker file.
 */
function startWorker(input: WorkerInput): Worker {
  const options = { workerData: input, execArgv: [], resourceLimits: WORKER_LIMITS };
  if (!FROM_SOURCE) return new Worker(new URL('./pglite-worker.mjs', import.meta.url), options);
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
  const bootstrap = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(bootstrap, { ...options, eval: true });
}

type ClientInput = Omit<WorkerInput, 'pgliteWasmModule' | 'initdbWasmModule'>;

/** A worker that has opened and migrated the database. */
async function openWorker(input: ClientInput): Promise<Worker> {
  const inMemory = input.dataDir.startsWith('memory://');
  const worker = startWorker({
    ...input,
    ...(await compiledPglite()),
    template: inMemory ? memoryTemplate : undefined,
    makeTemplate: inMemory && !memoryTemplate,
  });
  const status = await new Promise<WorkerStatus>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (!status.ready) {
    await worker.terminate();
    throw fromSerializedError(status.error);
  }
  memoryTemplate ??= status.template;
  return worker;
}

export class PgliteWorkerClient implements QueryClient {
  readonly #input: ClientInput;
  #worker!: Worker;
  readonly #pending = new Map<number, Pending>();
  /** Requests not answered yet, so that close() can let them finish first. */
  readonly #inFlight = new Set<Promise<unknown>>();
  #nextId = 1;
  #nextTxId = 1;
  /** Set once the worker has stopped or is closing; later calls fail with it. */
  #stopped: Error | undefined;
  #exited!: Promise<void>;
  /** Set while restart() replaces the worker. */
  #reopening: Promise<void> | undefined;
  /** Statement texts the worker runs as named prepared statements (see nameStatement). */
  readonly #named = new Set<string>();

  private constructor(input: ClientInput, worker: Worker) {
    this.#input = input;
    this.#attach(worker);
  }

  #attach(worker: Worker): void {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (reply: WorkerReply) => this.#settle(reply));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`database worker exited (${code})`)));
  }

  /** Starts the worker and waits until the database is open and migrated. */
  static async start(input: ClientInput): Promise<PgliteWorkerClient> {
    return new PgliteWorkerClient(input, await openWorker(input));
  }

  /**
   * Replaces the worker by a fresh one on the same data. WebAssembly memory never shrinks, so
   * after a one-off bulk job (the demo seed) this gives back what the job grew PGlite to.
   * Statements sent meanwhile (a timer's) wait for the new worker; a transaction must not span it.
   */
  async restart(): Promise<void> {
    let reopened!: () => void;
    this.#reopening = new Promise((resolve) => (reopened = resolve));
    try {
      await this.#shutDown();
      this.#attach(await openWorker(this.#input));
      this.#stopped = undefined;
    } finally {
      this.#reopening = undefined;
      reopened();
    }
  }

  /**
   * From now on `sql` runs as a named prepared statement in the worker: parsed once, then only
   * bound and executed. For the statements the code prepares on purpose (prepared.ts), never for
   * text built per request, of which there is no end.
   */
  nameStatement(sql: string): void {
    this.#named.add(sql);
  }

  query(sql: string, params: unknown[] = [], options?: { rowMode?: RowMode }) {
    return this.#query(sql, params, options?.rowMode);
  }

  /**
   * For libraries other than drizzle (pg-boss), with PGlite's own type parsers: one statement
   * with `values`, or several without; the last one's result.
   */
  async executeSql(sql: string, values: unknown[] = []): Promise<QueryResult> {
    const request: Outgoing =
      values.length > 0
        ? { kind: 'query', sql, params: values, rowMode: 'object', nativeTypes: true }
        : { kind: 'exec', sql };
    return (await this.#send(request))!;
  }

  /**
   * Runs `fn` in one transaction in the worker: commits when it resolves, rolls back when it
   * throws (and rethrows). Statements outside it wait until it ends.
   */
  async transaction<T>(fn: (tx: QueryClient) => Promise<T>): Promise<T> {
    const txId = this.#nextTxId++;
    // Not awaited: the worker opens it in order, and a failure reaches the first statement.
    this.#send({ kind: 'begin', txId }).catch(() => undefined);
    const tx: QueryClient = {
      query: (sql, params = [], options) => this.#query(sql, params, options?.rowMode, txId),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await this.#send({ kind: 'rollback', txId }).catch(() => undefined);
      throw error;
    }
    await this.#send({ kind: 'commit', txId });
    return result;
  }

  /**
   * Waits for every statement already sent, then closes PGlite (which writes everything to disk)
   * and lets the worker exit. Idempotent.
   */
  async close(): Promise<void> {
    await this.#reopening;
    await this.#shutDown();
  }

  async #shutDown(): Promise<void> {
    if (!this.#stopped) {
      await Promise.allSettled(this.#inFlight);
      await this.#dispatch({ kind: 'close' });
      this.#stopped = new Error('the database is closed');
    }
    await this.#exited;
  }

  async #query(sql: string, params: unknown[], rowMode: RowMode = 'object', txId?: number) {
    const request: Outgoing = { kind: 'query', sql, params, rowMode };
    if (txId !== undefined) request.txId = txId;
    if (this.#named.has(sql)) request.named = true;
    return (await this.#send(request, rowMode))!;
  }

  #send(request: Outgoing, rowMode: RowMode = 'object'): Promise<QueryResult | undefined> {
    if (this.#reopening) return this.#reopening.then(() => this.#send(request, rowMode));
    return this.#dispatch(request, rowMode);
  }

  #dispatch(request: Outgoing, rowMode: RowMode = 'object'): Promise<QueryResult | undefined> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    const answer = new Promise<QueryResult | undefined>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, rowMode });
      this.#worker.postMessage({ ...request, id });
    });
    this.#inFlight.add(answer);
    const forget = () => this.#inFlight.delete(answer);
    answer.then(forget, forget);
    return answer;
  }

  #settle(reply: WorkerReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (!reply.ok) {
      pending.reject(fromSerializedError(reply.error));
    } else if ('raw' in reply) {
      // Named statements serve drizzle only, so drizzle's parsers apply.
      const decoded = decodeReply(reply.raw, pending.rowMode, DRIZZLE_PARSERS);
      if (decoded.ok) pending.resolve(decoded.result);
      else pending.reject(fromSerializedError(decoded.error));
    } else {
      pending.resolve(reply.result);
    }
  }

  /** The worker is gone: every waiting caller gets the reason instead of hanging. */
  #fail(error: Error): void {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
