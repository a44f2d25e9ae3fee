/**
 * Starts the database worker thread (pglite-worker.ts) and waits until it has opened and migrated
 * the database.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FROM_SOURCE } from '../app-root.js';
import { fromSerializedError, type WorkerInput, type WorkerStatus } from './pglite-protocol.js';
import { keepTemplate, templateFor } from './pglite-template.js';
import { compiledPglite } from './pglite-wasm.js';

/**
 * The worker's young generation (where V8 puts new objects) is capped at 4 MB semi-spaces instead
 * of 16 MB: PGlite's result parsing made V8 grow it to the full 32 MB, which stayed resident
 * between bursts. Unlike the HTTP thread's (scripts/start-server.sh), 16 MB semi-spaces here
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

export type OpenInput = Omit<
  WorkerInput,
  'pgliteWasmModule' | 'initdbWasmModule' | 'template' | 'makeTemplate'
>;

export interface OpenWorker {
  worker: Worker;
  status: Extract<WorkerStatus, { ready: true }>;
}

/** A worker that has opened and migrated the database, with what it told about it. */
export async function openWorker(input: OpenInput): Promise<OpenWorker> {
  const worker = startWorker({
    ...input,
    ...(await compiledPglite()),
    ...templateFor(input.dataDir),
  });
  const status = await new Promise<WorkerStatus>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (!status.ready) {
    await worker.terminate();
    throw fromSerializedError(status.error);
  }
  keepTemplate(status);
  return { worker, status };
}
