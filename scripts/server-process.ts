/**
 * How the production server process starts. `npm start` (package.json) spells out the same flags
 * and variables, which must be there before Node starts; the bench and the e2e harness take them
 * from here, so that they measure and test what `npm start` runs.
 *
 * - The bundle (scripts/build-server.ts), not tsx: tsx's ESM hooks run in a thread of their own
 *   with its own V8 heap, and keep every transformed file and its source map; ≈ 87 MB of RSS.
 * - MALLOC_ARENA_MAX=2: glibc gives every thread that allocates (HTTP, the database worker,
 *   libuv's pool, libvips, argon2) up to 8 arenas per core, and memory freed in one stays in it;
 *   after the first start's initdb and seed they held ≈ 250 MB of freed memory (32 MB in use).
 * - MALLOC_MMAP_THRESHOLD_=131072: a fixed threshold. By default glibc raises it to the largest
 *   block freed so far (argon2's 19 MiB per password hash), after which every buffer below that
 *   size lives in an arena too instead of being returned to the system when freed.
 * - --max-semi-space-size=16 (MB): the young generation's size is the trade between garbage
 *   collection time under load and resident memory. With 4 MB, collections took 20–22 % of the
 *   HTTP thread on the uncached feed (PostgreSQL: 1 700 req/s, p99 64 ms; with 16 MB 2 560 req/s,
 *   p99 30 ms).
 */
export const SERVER_BUNDLE = 'dist/server/main.mjs';
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;
