/**
 * `npm run worker`: a process that only runs background jobs (every row of job-table.ts:
 * transcoding, the conversion of old images) against the shared PostgreSQL database
 * (DATABASE_URL). Start any number, on any machines that see the same media storage; each runs
 * TRANSCODE_CONCURRENCY transcodes at a time (at least one). Stops on SIGINT/SIGTERM, handing its
 * running jobs back to the queue.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { loadConfigOrExit } from './config.js';
import { createContext } from './app-context.js';
import { loggerOptions } from './http/logging.js';
import { JOB_TABLE } from './job-table.js';
import { startJobWorkers } from './jobs/job-workers.js';
import { prepareStart } from './start-up.js';

const config = loadConfigOrExit();
if (!config.databaseUrl) {
  console.error(
    'npm run worker needs DATABASE_URL: the embedded database belongs to `npm start`, which runs its own worker.',
  );
  process.exit(1);
}
const log = pino(loggerOptions(config.logLevel));
const { ctx, database } = await createContext(config, {
  superviseJobs: true,
  journalWriter: `worker-${randomBytes(8).toString('hex')}`,
});
await prepareStart(ctx);
const workers = await startJobWorkers(ctx, log, JOB_TABLE);
log.info(
  `worker ready: ${JOB_TABLE.map((job) => `${job.concurrency(config)} ${job.name}`).join(', ')} at a time`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker stopping');
  await workers.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
