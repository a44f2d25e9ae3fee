/**
 * The durable job queue: pg-boss, stored in the application's own database (schema `pgboss`), so
 * it needs no new server. pg-boss runs its SQL through our connection (`Database.executeSql`):
 * in-process on the embedded PGlite, through the pool on PostgreSQL, where any number of
 * `npm run worker` processes on any machines share the queue.
 *
 * Two queues: transcodes (one per upload) and the conversion of old images. Jobs retry (3 times
 * by default) with doubling delays; one that outlives `expireIn` (a hung run) is failed by
 * pg-boss's supervisor and retried like any failure.
 */
import PgBoss from 'pg-boss';
import type { Database, Db, Tx } from '../db/client.js';
import { executorFor } from './sql-in-transaction.js';

export const TRANSCODE_QUEUE = 'transcode';
export interface TranscodeJob {
  videoId: string;
}

/** The one-off conversion of images stored before sizes existed (convert-thumbnails.ts). */
export const IMAGE_CONVERSION_QUEUE = 'convert-images';

export interface QueueOptions {
  /** Whether this process runs pg-boss's maintenance (expiry, archive); true where workers run. */
  supervise: boolean;
  retries: number;
  retrySeconds: number;
}

export interface JobQueue {
  readonly boss: PgBoss;
  /** Enqueues the transcode of `videoId` inside `tx`, the transaction that inserts its row. */
  enqueueTranscode(tx: Db | Tx, videoId: string): Promise<void>;
  /**
   * Asks for the image conversion; a no-op while one is already waiting, so every replica's
   * start can ask and a single worker does the work.
   */
  enqueueImageConversion(): Promise<void>;
  /**
   * On the embedded database this process is the only worker, so jobs still `active` at start
   * belong to a run that crashed: they are failed now (and so retried) instead of after
   * pg-boss's expiry, hours later. On PostgreSQL other workers may be running them: no-op.
   */
  recoverCrashedJobs(): Promise<void>;
  stop(): Promise<void>;
}

export async function openJobQueue(database: Database, options: QueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    supervise: options.supervise,
    schedule: false,
  });
  // pg-boss reports failed maintenance runs as events; without a listener they would throw.
  boss.on('error', (error) => console.error(`jobs: ${error.message}`));
  await boss.start();
  await boss.createQueue(TRANSCODE_QUEUE, {
    name: TRANSCODE_QUEUE,
    retryLimit: options.retries,
    retryDelay: options.retrySeconds,
    retryBackoff: true,
    // A 1-hour 1080p source takes about an hour per rendition here; a run past this is hung.
    expireInSeconds: 4 * 60 * 60,
  });
  await boss.createQueue(IMAGE_CONVERSION_QUEUE, {
    name: IMAGE_CONVERSION_QUEUE,
    // At most one waiting and one running: starts of several replicas add no duplicate work.
    policy: 'stately',
    retryLimit: options.retries,
    retryDelay: options.retrySeconds,
    retryBackoff: true,
    // Thousands of old files at a few per second; the run checks for shutdown between files.
    expireInSeconds: 4 * 60 * 60,
  });
  return {
    boss,
    async enqueueTranscode(tx, videoId) {
      const job: TranscodeJob = { videoId };
      await boss.send(TRANSCODE_QUEUE, job, { db: executorFor(tx) });
    },
    async enqueueImageConversion() {
      await boss.send(IMAGE_CONVERSION_QUEUE, {});
    },
    async recoverCrashedJobs() {
      if (database.kind !== 'pglite') return;
      for (const queue of [TRANSCODE_QUEUE, IMAGE_CONVERSION_QUEUE]) {
        const { rows } = await database.executeSql(
          `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`,
          [queue],
        );
        const ids = (rows as { id: string }[]).map((row) => row.id);
        if (ids.length > 0) await boss.fail(queue, ids);
      }
    },
    stop: () => boss.stop({ graceful: true, wait: true, close: false }),
  };
}
