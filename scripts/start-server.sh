#!/bin/sh
# How the production server process starts: `npm start` runs this (after building what is stale),
# and so do the bench and the e2e harness (scripts/server-process.ts), so that they measure and
# test what `npm start` runs. This is the one place the server's Node flags and malloc settings are
# written; they must be set before Node starts, so they cannot live in the server's own code.
#
# - The bundle (scripts/build-server.ts), not tsx: tsx's ESM hooks run in a thread of their own
#   with its own V8 heap, and keep every transformed file and its source map; ≈ 87 MB of RSS.
# - MALLOC_ARENA_MAX=2: glibc gives every thread that allocates (HTTP, the database worker,
#   libuv's pool, libvips, argon2) up to 8 arenas per core, and memory freed in one stays in it;
#   after the first start's initdb and seed they held ≈ 250 MB of freed memory (32 MB in use).
# - MALLOC_MMAP_THRESHOLD_=131072: a fixed threshold. By default glibc raises it to the largest
#   block freed so far (argon2's 19 MiB per password hash), after which every buffer below that
#   size lives in an arena too instead of being returned to the system when freed.
# - --max-semi-space-size=16 (MB): the young generation's size is the trade between garbage
#   collection time under load and resident memory. With 4 MB, collections took 20–22 % of the
#   HTTP thread on the uncached feed (PostgreSQL: 1 700 req/s, p99 64 ms; with 16 MB 2 560 req/s,
#   p99 30 ms). The database worker thread sets its own (server/db/pglite-worker-thread.ts).
#
# SERVER_BUNDLE: another build of the same bundle (the server tests run theirs, built by their
# global setup into dist/test-server, so that `npm start` and the tests never share one).
#
# `exec`: the shell becomes Node, so the process id is the server's own (signals reach it
# directly, and the bench reads its memory by that id).
export MALLOC_ARENA_MAX=2
export MALLOC_MMAP_THRESHOLD_=131072
exec node --max-semi-space-size=16 "${SERVER_BUNDLE:-$(dirname "$0")/../dist/server}/main.mjs" "$@"
