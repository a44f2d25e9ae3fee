/**
 * `npm run worker`: a process that only runs background jobs (transcoding, the conversion of old
 * images) against the shared PostgreSQL database (DATABASE_URL). Start any number, on any machines
 * that see the same media storage; each runs TRANSCODE_CONCURRENCY transcodes at a time. Stops on SIGINT/SIGTERM, handing its
 * running jobs back to the queue.
 */
import pino from 'pino';
import { loadConfig } from './config.js';
import { createContext } from './context.js';
import { loggerOptions } from './http/logging.js';
import { startImageConversionWorker } from './jobs/image-conversion-worker.js';
import { startTranscodeWorkers } from './jobs/transcode-worker.js';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'npm run worker needs DATABASE_URL: the embedded database belongs to `npm start`, which runs its own worker.',
  );
  process.exit(1);
}
const log = pino(loggerOptions(config.logLevel));
const { ctx, database } = await createContext(config, { superviseJobs: true });
const workers = [
  await startTranscodeWorkers(ctx, log, Math.max(1, config.transcodeConcurrency)),
  await startImageConversionWorker(ctx, log),
];
log.info(
  `worker ready: ${Math.max(1, config.transcodeConcurrency)} transcode job(s) at a time, and the image conversion`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker stopping');
  await Promise.all(workers.map((worker) => worker.stop()));
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
