/**
 * The one process: API, SPA and media on PORT. Stops gracefully on SIGINT/SIGTERM (in-flight
 * requests finish, then the database closes).
 */
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { createContext } from './app-context.js';
import { embeddedDatabaseMissing, runFirstStart } from './first-start.js';
import { loggerOptions } from './http/logging.js';
import { JOB_TABLE } from './job-table.js';
import { jobUpkeep, startJobWorkers } from './jobs/job-workers.js';
import { startMaintenance } from './maintenance/index.js';
import { seedDemoIfEmpty } from './seed/index.js';
import { resumableUploadsDir } from './uploads/index.js';
import { prepareStart } from './start-up.js';

const startedAt = performance.now();
const config = loadConfigOrExit();
const pgliteDir = path.join(config.dataDir, 'pglite');
if (embeddedDatabaseMissing(config, pgliteDir)) await runFirstStart();
const { ctx, database } = await createContext(config, {
  pgliteDir,
  superviseJobs: config.transcodeConcurrency > 0,
});
await prepareStart(ctx);
const app = await buildApp({
  ctx,
  logger: loggerOptions(config.logLevel),
});

if (config.seedDemo) {
  // Seeded by now on a new embedded database (first-start.ts); this seeds PostgreSQL, or an
  // embedded database whose earlier seed did not finish. Its one big transaction grows the
  // embedded database's WebAssembly memory for good, hence the reopening.
  const { seeded } = await seedDemoIfEmpty(ctx, app.log);
  if (seeded) await database.releaseMemory();
}
// After the seed, which makes its files before it inserts their rows.
const maintenance = startMaintenance({
  db: ctx.db,
  storage: ctx.storage,
  tmpDir: ctx.tmpDir,
  log: app.log,
  resumableUploads: { dir: resumableUploadsDir(config), expiryMs: config.uploadExpiryMs },
  journal: ctx.journal,
  jobs: jobUpkeep(ctx, app.log, JOB_TABLE),
  vacuum: database.kind === 'pglite',
});
maintenance.firstRun.catch((error: unknown) => app.log.error({ err: error }, 'maintenance failed'));
// The embedded database has no other process to work jobs; with DATABASE_URL, TRANSCODE_CONCURRENCY=0
// leaves every job of the table to `npm run worker` processes. Jobs start once the first pass has
// settled the work a crash interrupted, so a resumed transcode never rewrites a rendition file
// while that pass removes it.
const workers =
  config.transcodeConcurrency > 0
    ? maintenance.firstRun
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => startJobWorkers(ctx, app.log, JOB_TABLE))
    : Promise.resolve(undefined);
workers.catch((error: unknown) => {
  app.log.error({ err: error }, 'job workers did not start');
  process.exit(1);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  maintenance.stop();
  try {
    await app.close();
    await (await workers)?.stop();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error(error, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `VidTube ready on http://localhost:${config.port} (${database.kind}, data in ${config.dataDir}) after ${Math.round(performance.now() - startedAt)} ms`,
);
