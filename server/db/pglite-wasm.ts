/**
 * PGlite's WebAssembly, compiled once per process: a compiled module crosses to a worker without
 * being compiled again (seconds on a busy machine) and its machine code is shared, not copied.
 * Process-wide on purpose: every database worker of the process (tests open many) runs the same
 * code.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { WorkerInput } from './pglite-protocol.js';

export type CompiledPglite = Pick<WorkerInput, 'pgliteWasmModule' | 'initdbWasmModule'>;

let compiled: Promise<CompiledPglite> | undefined;

export function compiledPglite(): Promise<CompiledPglite> {
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
