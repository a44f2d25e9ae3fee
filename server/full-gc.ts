/**
 * A full garbage collection of the calling thread's V8 heap, for http/idle-gc.ts (HTTP thread) and
 * db/pglite-worker.ts (database worker). V8 offers `gc` only with --expose-gc; rather than a flag
 * that `npm start`, `npm run dev`, the tests and the worker (whose execArgv takes no V8 flags) would
 * each need, the flag is set here and a fresh context's `gc` kept. The flag is process-wide and
 * stays set: unsetting it could race with the other thread taking its own `gc` at that moment.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc: unknown = vm.runInNewContext('gc');
if (typeof gc !== 'function') throw new Error('V8 did not expose gc after --expose-gc');

/** Synchronous: this thread runs nothing else until the collection ends. */
export function collectAllGarbage(): void {
  (gc as () => void)();
}
