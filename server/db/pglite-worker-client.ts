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
 * unit in the worker (pglite-transactions.ts keeps every other statement out until it ends),
 * statements queue in the worker without round-trip gaps, and errors keep their PostgreSQL fields.
 */
import type { Worker } from 'node:worker_threads';
import { isFixedText, runsOnGenericPlan } from './fixed-text.js';
import { replyParsers, resultOfReply, type Parsers } from './pglite-reply.js';
import {
  fromSerializedError,
  type ArrayTypes,
  type QueryResult,
  type RowMode,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-protocol.js';
import { openWorker, type OpenInput, type OpenWorker } from './pglite-worker-thread.js';
import { StatementTurns } from './statement-turns.js';

type Outgoing = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (result: QueryResult | undefined) => void;
  reject: (error: Error) => void;
  /** How to read a raw reply (a named statement's): rows as arrays or objects, with which parsers. */
  rowMode: RowMode;
  parsers?: Parsers;
}

/** What drizzle-orm/pglite passes with each statement. */
export interface QueryOptions {
  rowMode?: RowMode;
  /** Per-type parsers over PGlite's own: drizzle's keep dates, timestamps and intervals as text. */
  parsers?: Parsers;
}

export interface QueryClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

export class PgliteWorkerClient implements QueryClient {
  readonly #input: OpenInput;
  #worker!: Worker;
  /** The database's array types, for reading named replies as PGlite's query() would. */
  #arrayTypes!: ArrayTypes;
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
  /**
   * Statement texts the worker runs as named prepared statements (see nameStatement), with the
   * parsers their replies are read with, made on the first reply.
   */
  readonly #named = new Map<string, Parsers | undefined>();
  /** Which statement outside a transaction goes to the worker next (statement-turns.ts). */
  readonly #turns = new StatementTurns();

  private constructor(input: OpenInput, opened: OpenWorker) {
    this.#input = input;
    this.#attach(opened);
  }

  #attach({ worker, status }: OpenWorker): void {
    this.#worker = worker;
    this.#arrayTypes = status.arrayTypes;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (reply: WorkerReply) => this.#settle(reply));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`database worker exited (${code})`)));
  }

  /** Starts the worker and waits until the database is open and migrated. */
  static async start(input: OpenInput): Promise<PgliteWorkerClient> {
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
    if (!this.#named.has(sql)) this.#named.set(sql, undefined);
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.#query(sql, params, options);
  }

  /**
   * For libraries other than drizzle (pg-boss), with PGlite's own type parsers: one statement
   * with `values`, or several without; the last one's result.
   */
  async executeSql(sql: string, values: unknown[] = []): Promise<QueryResult> {
    const request: Outgoing =
      values.length > 0
        ? { kind: 'query', sql, params: values, rowMode: 'object' }
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
      query: (sql, params = [], options = {}) => this.#query(sql, params, options, txId),
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

  async #query(sql: string, params: unknown[], options: QueryOptions, txId?: number) {
    const { rowMode = 'object', parsers } = options;
    const request: Outgoing = { kind: 'query', sql, params, rowMode };
    if (txId !== undefined) request.txId = txId;
    const read: Partial<Pending> = { rowMode };
    if (this.#named.has(sql) || isFixedText(sql)) {
      // Read here with the caller's parsers themselves (pglite-reply.ts).
      request.named = true;
      if (runsOnGenericPlan(sql)) request.genericPlan = true;
      read.parsers = this.#namedParsers(sql, parsers);
    } else if (parsers) {
      // Functions cannot cross to the worker; drizzle's keep text, so their types are enough.
      // Were one to do more, named and unnamed results would differ: db-column-types.test.ts.
      request.textTypes = Object.keys(parsers).map(Number);
    }
    if (txId !== undefined) return (await this.#send(request, read))!;
    const answer = this.#turns.take(() => this.#send(request, read));
    // Held for its turn, it is still in flight: close() lets it land first.
    this.#inFlight.add(answer);
    const forget = () => this.#inFlight.delete(answer);
    answer.then(forget, forget);
    return (await answer)!;
  }

  #namedParsers(sql: string, overrides: Parsers | undefined): Parsers {
    let parsers = this.#named.get(sql);
    if (!parsers) {
      parsers = replyParsers(this.#arrayTypes, overrides);
      this.#named.set(sql, parsers);
    }
    return parsers;
  }

  #send(request: Outgoing, read: Partial<Pending> = {}): Promise<QueryResult | undefined> {
    if (this.#reopening) return this.#reopening.then(() => this.#send(request, read));
    return this.#dispatch(request, read);
  }

  #dispatch(request: Outgoing, read: Partial<Pending> = {}): Promise<QueryResult | undefined> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    const answer = new Promise<QueryResult | undefined>((resolve, reject) => {
      this.#pending.set(id, { rowMode: 'object', ...read, resolve, reject });
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
      try {
        pending.resolve(resultOfReply(reply.raw, pending.rowMode, pending.parsers ?? {}));
      } catch (error) {
        pending.reject(error as Error);
      }
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
