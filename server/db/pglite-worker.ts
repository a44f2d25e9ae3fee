/**
 * Runs in a worker thread (started by pglite-worker-client.ts): owns the embedded PGlite
 * database, applies the migrations, then answers the HTTP thread's statements. PGlite's WASM
 * Postgres and its result parsing were most of the CPU of a request; here they use the second
 * core while the HTTP thread keeps answering.
 *
 * Statements are handled as they arrive (not one at a time): PGlite's own lock orders them, and a
 * statement outside a transaction waits while one is open, exactly as with PGlite in-process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { NamedStatements } from './pglite-named-statements.js';
import { DRIZZLE_PARSERS } from './pg-wire.js';
import {
  toSerializedError,
  type QueryResult,
  type WorkerInput,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStatus,
} from './pglite-protocol.js';

const port = parentPort!;
const {
  dataDir,
  migrationsFolder,
  sharedBuffersMb,
  pgliteWasmModule,
  initdbWasmModule,
  template,
  makeTemplate,
} = workerData as WorkerInput;

/** Small working memory: the embedded database shares the server's RSS (see client.ts). */
const MEMORY_SETTINGS = [
  '-c',
  `shared_buffers=${sharedBuffersMb}MB`,
  '-c',
  'work_mem=2MB',
  '-c',
  'temp_buffers=2MB',
];

interface OpenTransaction {
  /** Resolves once PGlite has begun it (it may first wait for the lock). */
  tx: Promise<Transaction>;
  /** Ends it: true commits, false rolls back. */
  finish: (commit: boolean) => void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();

function begin(pg: PGlite, txId: number): void {
  let opened!: (tx: Transaction) => void;
  let failed!: (error: unknown) => void;
  const tx = new Promise<Transaction>((resolve, reject) => {
    opened = resolve;
    failed = reject;
  });
  let finish!: (commit: boolean) => void;
  const decision = new Promise<boolean>((resolve) => (finish = resolve));
  const done = pg.transaction(async (handle) => {
    opened(handle);
    if (!(await decision)) await handle.rollback();
  });
  // A BEGIN that fails must fail the statements waiting for it too.
  done.catch(failed);
  // The failure is reported to whoever sends commit or rollback; this only avoids an unhandled one.
  tx.catch(() => undefined);
  transactions.set(txId, { tx, finish, done });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const open = transactions.get(txId);
  if (!open) throw new Error(`no open transaction ${txId}`);
  transactions.delete(txId);
  open.finish(commit);
  await open.done;
}

async function query(
  pg: PGlite,
  named: NamedStatements,
  request: Extract<WorkerRequest, { kind: 'query' }>,
): Promise<QueryResult | Uint8Array<ArrayBuffer>> {
  const open = request.txId === undefined ? undefined : transactions.get(request.txId);
  if (request.txId !== undefined && !open) throw new Error('the transaction has ended');
  const { sql, params } = request;
  if (request.named) {
    // Inside a transaction, wait until it has begun: it holds the lock the statement runs under.
    if (open) await open.tx;
    return named.query(sql, params, open !== undefined);
  }
  const options = {
    rowMode: request.rowMode,
    // PGlite's own parsers (Date for timestamps) for libraries other than drizzle.
    ...(request.nativeTypes ? {} : { parsers: DRIZZLE_PARSERS }),
  };
  const { rows, affectedRows, fields } = await (open ? await open.tx : pg).query(
    sql,
    params,
    options,
  );
  return { rows, affectedRows, fields };
}

async function run(
  pg: PGlite,
  named: NamedStatements,
  request: WorkerRequest,
): Promise<QueryResult | Uint8Array<ArrayBuffer> | undefined> {
  switch (request.kind) {
    case 'query':
      return query(pg, named, request);
    case 'exec': {
      const last = (await pg.exec(request.sql)).at(-1);
      return {
        rows: last?.rows ?? [],
        affectedRows: last?.affectedRows,
        fields: last?.fields ?? [],
      };
    }
    case 'begin':
      begin(pg, request.txId);
      return undefined;
    case 'commit':
      await end(request.txId, true);
      return undefined;
    case 'rollback':
      await end(request.txId, false);
      return undefined;
    case 'close':
      // Every statement sent before close has been queued on PGlite's lock ahead of it.
      await pg.close();
      return undefined;
  }
}

async function serve(): Promise<void> {
  const pg = await PGlite.create(dataDir, {
    pgliteWasmModule,
    initdbWasmModule,
    startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS],
    ...(template ? { loadDataDir: template } : {}),
  });
  await migrate(drizzle(pg), { migrationsFolder });
  const named = new NamedStatements(pg);
  port.on('message', (request: WorkerRequest) => {
    run(pg, named, request).then(
      (result) => {
        if (result instanceof Uint8Array) {
          // Handed over, not copied: the bytes are this reply's alone.
          const reply: WorkerReply = { id: request.id, ok: true, raw: result };
          port.postMessage(reply, [result.buffer]);
          return;
        }
        const reply: WorkerReply = result
          ? { id: request.id, ok: true, result }
          : { id: request.id, ok: true };
        port.postMessage(reply);
        if (request.kind === 'close') port.close();
      },
      (error: unknown) => {
        const reply: WorkerReply = { id: request.id, ok: false, error: toSerializedError(error) };
        port.postMessage(reply);
      },
    );
  });
  const status: WorkerStatus = makeTemplate
    ? { ready: true, template: await pg.dumpDataDir('none') }
    : { ready: true };
  port.postMessage(status);
}

serve().catch((error: unknown) => {
  port.postMessage({ ready: false, error: toSerializedError(error) } satisfies WorkerStatus);
  port.close();
});
