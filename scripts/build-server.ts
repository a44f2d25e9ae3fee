/**
 * Bundles the server into dist/server (main.mjs, with the database worker and the first-start child
 * beside it) with esbuild. `npm start` runs the bundle with plain Node instead of tsx (see
 * start-server.sh for the memory this saves). Takes a few seconds, so `npm start` builds it every
 * time rather than judging whether it is stale.
 *
 * The packages are bundled too, but for those in EXTERNAL. Loaded from node_modules, the server's
 * ~680 package files took most of a start (resolving, statting and reading each one): on the 2-core
 * machine a copy of an empty site was healthy after 11–14 s, bundled after 6–7 s (2026-12-01, three
 * runs each, load 1.3). Every test that starts a server (the browser suite's files, the server
 * suite's crash and signal tests, the cluster's replicas) pays that once per start.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packages that must stay files of their own in node_modules: native addons and binaries found
 * beside their package (sharp, argon2, ffmpeg and ffprobe), WebAssembly and data files read from
 * the package's folder (PGlite), worker threads started from a file path (pino's transports, via
 * thread-stream), files read from `__dirname` (swagger's own package.json, swagger-ui's pages),
 * and optional peers that are not installed (pg-native).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'sharp',
  '@node-rs/argon2',
  '@ffmpeg-installer/ffmpeg',
  '@ffprobe-installer/ffprobe',
  'pino',
  'thread-stream',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pg-native',
];

/**
 * Bundled CommonJS packages call `require` for Node's modules; an ES module has none, so the
 * bundle makes one (esbuild renames any `require` of the server's own code around it).
 */
const REQUIRE_SHIM =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

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
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Files for debugging only: Node loads them just with --enable-source-maps.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
