/**
 * Runs in a worker thread (started by pglite-worker-thread.ts): owns the embedded PGlite
 * database, applies the migrations, then answers the HTTP thread's statements. PGlite's WASM
 * Postgres and its result parsing were most of the CPU of a request; here they use the second
 * core while the HTTP thread keeps answering.
 *
 * Statements are handled as they arrive (not one at a time): PGlite's own lock orders them, and a
 * statement outside a transaction waits while one is open, exactly as with PGlite in-process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { NamedStatements } from './pglite-named-statements.js';
import {
  toSerializedError,
  type ArrayTypes,
  type QueryResult,
  type WorkerInput,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStatus,
} from './pglite-protocol.js';
import { Transactions } from './pglite-transactions.js';

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

interface Database {
  pg: PGlite;
  named: NamedStatements;
  transactions: Transactions;
}

const keepText = (value: string) => value;
/** The parsers of each set of text types (a caller passes the same few sets again and again). */
const textParsers = new Map<string, Record<number, (value: string) => string>>();
function keepingText(types: number[]) {
  const key = types.join();
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, keepText]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

async function query(
  { pg, named, transactions }: Database,
  request: Extract<WorkerRequest, { kind: 'query' }>,
): Promise<QueryResult | Uint8Array<ArrayBuffer>> {
  const { sql, params, txId } = request;
  const tx = txId === undefined ? undefined : transactions.handle(txId);
  if (request.named) {
    const plan = { genericPlan: request.genericPlan === true };
    if (!tx) return transactions.outside(() => named.query(sql, params, false, plan));
    // Wait until the transaction has begun: it holds the lock the statement runs under.
    await tx;
    return named.query(sql, params, true, plan);
  }
  const options = {
    rowMode: request.rowMode,
    ...(request.textTypes ? { parsers: keepingText(request.textTypes) } : {}),
  };
  const { rows, affectedRows, fields } = await (tx ? await tx : pg).query(sql, params, options);
  return { rows, affectedRows, fields };
}

async function run(
  database: Database,
  request: WorkerRequest,
): Promise<QueryResult | Uint8Array<ArrayBuffer> | undefined> {
  const { pg, transactions } = database;
  switch (request.kind) {
    case 'query':
      return query(database, request);
    case 'exec': {
      const last = (await pg.exec(request.sql)).at(-1);
      return {
        rows: last?.rows ?? [],
        affectedRows: last?.affectedRows,
        fields: last?.fields ?? [],
      };
    }
    case 'begin':
      transactions.begin(request.txId);
      return undefined;
    case 'commit':
      await transactions.end(request.txId, true);
      return undefined;
    case 'rollback':
      await transactions.end(request.txId, false);
      return undefined;
    case 'close':
      // Every statement sent before close has been queued on PGlite's lock ahead of it.
      await pg.close();
      return undefined;
  }
}

/**
 * Every array type with its element type, once the migrations have made theirs (enums'): the same
 * pairs PGlite's query() parses arrays with, after refreshArrayTypes().
 */
async function arrayTypesOf(pg: PGlite): Promise<ArrayTypes> {
  await pg.refreshArrayTypes();
  const { rows } = await pg.query<{ arrayType: number; elementType: number }>(
    'select typarray as "arrayType", oid as "elementType" from pg_type where typarray <> 0',
  );
  return rows.map(({ arrayType, elementType }) => [arrayType, elementType]);
}

async function serve(): Promise<void> {
  const pg = await PGlite.create(dataDir, {
    pgliteWasmModule,
    initdbWasmModule,
    startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS],
    // Trigram similarity for spelling correction and channel search (migration 0015).
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  await migrate(drizzle(pg), { migrationsFolder });
  const arrayTypes = await arrayTypesOf(pg);
  const database: Database = {
    pg,
    named: new NamedStatements(pg),
    transactions: new Transactions(pg),
  };
  port.on('message', (request: WorkerRequest) => {
    run(database, request).then(
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
    ? { ready: true, arrayTypes, template: await pg.dumpDataDir('none') }
    : { ready: true, arrayTypes };
  port.postMessage(status);
}

serve().catch((error: unknown) => {
  port.postMessage({ ready: false, error: toSerializedError(error) } satisfies WorkerStatus);
  port.close();
});
