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

/** The template this process holds, to hand to other processes of the same migrations. */
export function memoryTemplateNow(): Blob | undefined {
  return memoryTemplate;
}

/**
 * Starts this process's in-memory databases from a template another process made of the same
 * migrations (the test runner makes one for all its test processes: tests/server/global-setup.ts).
 */
export function useMemoryTemplate(template: Blob): void {
  memoryTemplate = template;
}

/** Keeps the first template a worker made. */
export function keepTemplate(status: Extract<WorkerStatus, { ready: true }>): void {
  memoryTemplate ??= status.template;
}
