/**
 * Start-up and periodic housekeeping of what a crash can leave behind: partial uploads in tmp/,
 * abandoned resumable uploads, media files that no row references, and jobs that ended without
 * success while their work still says "in progress" (each job table row's `settle`). The first
 * pass runs at start (tmp first, so a restart frees the disk at once) and removes at once the
 * files of work the media journal says a crash interrupted; other unreferenced files wait out
 * `graceMs`. Later passes run every `intervalMs` until `stop()`. After the first pass, what the job table asks for after a start is
 * sent (the conversion of images stored before sizes existed; a no-op once done). On the
 * embedded database, later passes also vacuum and analyze it (embedded-vacuum.ts), and tables
 * that grew are analyzed between them (embedded-analyze.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { MediaJournal } from '../storage/media-journal.js';
import {
  deleteExpiredChallenges,
  deleteExpiredTokens,
  expireRateLimitWindows,
} from '../accounts/index.js';
import type { MediaStorage } from '../storage/storage.js';
import { startEmbeddedAnalyze } from './embedded-analyze.js';
import { vacuumEmbedded } from './embedded-vacuum.js';
import { reconcileMedia, type ReconcileReport } from './media-reconcile.js';
import { sweepTmp } from './tmp-sweep.js';
import { expireBucketUploads, expireUploads } from './upload-expiry.js';

const HOUR_MS = 60 * 60 * 1000;

export interface MaintenanceOptions {
  db: Db;
  storage: MediaStorage;
  tmpDir: string;
  log: FastifyBaseLogger;
  /** Orphans younger than this are left alone (an upload may be about to insert its row). */
  graceMs?: number;
  intervalMs?: number;
  /** Resumable uploads: their folder, and how long one may go without a byte before removal. */
  resumableUploads?: { dir: string; expiryMs: number };
  /** Keys of interrupted media work: the first pass removes their orphans at once. */
  journal?: MediaJournal;
  /** The job table's upkeep (jobs/job-workers.ts, `jobUpkeep`); none: jobs are left alone. */
  jobs?: JobUpkeep;
  /** The database has no autovacuum of its own (the embedded one): later passes vacuum it. */
  vacuum?: boolean;
}

export interface JobUpkeep {
  /** Sends what the job table asks for after a start. */
  askAfterStart(): Promise<void>;
  /** Settles jobs that ended without success (never throws). */
  settle(): Promise<void>;
}

export interface Maintenance {
  /** The start-up pass: tmp swept, then media reconciled. */
  firstRun: Promise<ReconcileReport & { sweptTmp: number; expiredUploads: number }>;
  stop(): void;
}

export function startMaintenance(options: MaintenanceOptions): Maintenance {
  const { db, storage, log, tmpDir, graceMs = HOUR_MS, intervalMs = HOUR_MS } = options;
  const { resumableUploads, jobs, journal, vacuum = false } = options;
  const pass = async (atStart: boolean) => {
    // At start everything in tmp/ is left over; later only what stalled past the grace period.
    const sweptTmp = await sweepTmp(tmpDir, atStart ? 0 : graceMs);
    if (sweptTmp > 0) log.info({ count: sweptTmp }, 'tmp: removed partial uploads');
    // Unlike tmp/, resumable uploads outlive a restart: even the first pass spares recent ones.
    const expiredUploads = resumableUploads
      ? (await expireUploads(resumableUploads.dir, resumableUploads.expiryMs)) +
        (await expireBucketUploads(db, storage, resumableUploads.expiryMs))
      : 0;
    if (expiredUploads > 0) log.info({ count: expiredUploads }, 'uploads: removed abandoned ones');
    await jobs?.settle();
    await expireRateLimitWindows(db);
    // Mailed links nobody opened (their rows are useless once expired).
    await deleteExpiredTokens(db);
    // Sign-in ceremonies past their time (second steps, passkey challenges).
    await deleteExpiredChallenges(db);
    const reconciled = await reconcileMedia(db, storage, log, graceMs, { journal, atStart });
    return { sweptTmp, expiredUploads, ...reconciled };
  };
  const firstRun = pass(true);
  firstRun
    .then(({ removedOrphans, missingFiles, sweptTmp, expiredUploads }) =>
      log.info(
        {
          removedOrphans: removedOrphans.length,
          missingFiles: missingFiles.length,
          sweptTmp,
          expiredUploads,
        },
        'maintenance: start-up pass done',
      ),
    )
    .catch(() => undefined); // the caller logs the failure
  // After the first pass: the seed and the reconcile have made their files before.
  if (jobs) {
    firstRun
      .then(() => jobs.askAfterStart())
      .catch((error: unknown) =>
        log.error({ err: error }, 'jobs asked for after a start not sent'),
      );
  }
  const timer = setInterval(() => {
    pass(false)
      .then(() => (vacuum ? vacuumEmbedded(db, log) : undefined))
      .catch((error: unknown) => log.error({ err: error }, 'maintenance failed'));
  }, intervalMs);
  timer.unref();
  const analyze = vacuum ? startEmbeddedAnalyze(db, log) : undefined;
  return {
    firstRun,
    stop: () => {
      clearInterval(timer);
      analyze?.stop();
    },
  };
}
