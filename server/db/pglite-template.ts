/**
 * In-memory databases (the tests open one per app) start from a dump of the first one, taken
 * right after its migrations: loading it takes a fraction of initdb's time. Process-wide on
 * purpose, like the compiled WebAssembly: the schema is the same for every database of the
 * process.
 */
import type { WorkerInput, WorkerStatus } from './pglite-protocol.js';

let memoryTemplate: Blob | undefined;

/** What the worker for `dataDir` starts from, and whether it should dump the next template. */
export function templateFor(dataDir: string): Pick<WorkerInput, 'template' | 'makeTemplate'> {
  const inMemory = dataDir.startsWith('memory://');
  return {
    template: inMemory ? memoryTemplate : undefined,
    makeTemplate: inMemory && !memoryTemplate,
  };
}

/** Keeps the first template a worker made. */
export function keepTemplate(status: Extract<WorkerStatus, { ready: true }>): void {
  memoryTemplate ??= status.template;
}
