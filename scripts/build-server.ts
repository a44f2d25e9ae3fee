/**
 * Bundles the server into dist/server (main.mjs, with the database worker and the first-start child
 * beside it) with esbuild;
 * packages stay in node_modules. `npm start` runs the bundle with plain Node instead of tsx (see
 * start-server.sh for the memory this saves). Takes well under a second, so `npm start` builds
 * it every time rather than judging whether it is stale.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `outdir`: dist/server for `npm start`; the server tests build their own (tests/server). */
export async function buildServer(outdir = 'dist/server'): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      // Started by pglite-worker-thread.ts as ./pglite-worker.mjs beside the bundle.
      'pglite-worker': 'server/db/pglite-worker.ts',
      // Run by server/first-start.ts as ./first-start-child.mjs beside the bundle.
      'first-start-child': 'server/first-start-child.ts',
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Files for debugging only: Node loads them just with --enable-source-maps.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
