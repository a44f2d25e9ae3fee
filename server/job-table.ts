/**
 * Every background job, one row each: its queue and policy, how many runs a worker process works
 * at once, what a run does, and what settles a job that ends without success. `npm start`
 * (server/main.ts, unless TRANSCODE_CONCURRENCY=0) and `npm run worker` (server/worker.ts) both
 * work every row of this table; start-up (start-up.ts) creates the queues from it. Adding a job
 * is a row here and the file with its `run`; a job that services send has its queue name and
 * data type beside the service that sends it (services may not import jobs/: docs/architecture.md).
 */
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { defineJob, type JobDefinition } from './jobs/job-definition.js';
import { IMAGE_CONVERSION_QUEUE, runImageConversion } from './maintenance/image-conversion-job.js';
import { ACCOUNT_MAIL_QUEUE, runAccountMail, type AccountMailJob } from './accounts/index.js';
import { TRANSCODE_QUEUE, type TranscodeJob } from './processing/index.js';
import { PREVIEW_BACKFILL_QUEUE, runPreviewBackfill } from './processing/index.js';
import { giveUpTranscode, runTranscode, settleStrandedTranscodes } from './processing/index.js';
import { PUBLISH_QUEUE, publishOverdue, runPublish, type PublishJob } from './videos/index.js';

/** A run past this is hung (its lease lapses): a 1-hour 1080p source takes about an hour per rendition here. */
const FOUR_HOURS = 4 * 60 * 60;

const retries = (config: Config) => ({
  limit: config.transcodeRetries,
  delaySeconds: config.transcodeRetrySeconds,
});

/** One per upload (and per retry the creator asks for): HLS renditions of the video. */
export const transcodeJob = defineJob<TranscodeJob, AppContext>({
  name: TRANSCODE_QUEUE,
  policy: 'standard',
  retries,
  maxRunSeconds: FOUR_HOURS,
  // Each ffmpeg already uses every core (at a lower priority than the API).
  concurrency: (config) => Math.max(1, config.transcodeConcurrency),
  run: runTranscode,
  giveUp: giveUpTranscode,
  settle: settleStrandedTranscodes,
});

/** The one-off conversion of images stored before sizes existed. */
export const imageConversionJob = defineJob<Record<string, never>, AppContext>({
  name: IMAGE_CONVERSION_QUEUE,
  // At most one waiting and one running: starts of several replicas add no duplicate work.
  policy: 'stately',
  retries,
  // Thousands of old files at a few per second; the run checks for shutdown between files.
  maxRunSeconds: FOUR_HOURS,
  concurrency: () => 1,
  run: runImageConversion,
  askAfterStart: {},
});

/**
 * One per mailed message (password reset, address confirmation, change notice): the request
 * queued it and answered; a failed send (the SMTP server down) is retried for about half an hour.
 */
export const accountMailJob = defineJob<AccountMailJob, AppContext>({
  name: ACCOUNT_MAIL_QUEUE,
  policy: 'standard',
  retries: () => ({ limit: 6, delaySeconds: 15 }),
  maxRunSeconds: 120,
  concurrency: () => 2,
  run: runAccountMail,
});

/**
 * Issue 34: one per stored schedule, sent with `startAfter` its time (videos/publish-job.ts); a
 * changed schedule sends a new one and leaves the old one nothing to do. `settle` publishes
 * overdue schedules that no job published (after a restart, on every maintenance pass).
 */
export const publishJob = defineJob<PublishJob, AppContext>({
  name: PUBLISH_QUEUE,
  policy: 'standard',
  retries: () => ({ limit: 8, delaySeconds: 5 }),
  maxRunSeconds: 60,
  concurrency: () => 1,
  run: runPublish,
  settle: publishOverdue,
});

/**
 * Issue 34: seek previews for videos that became ready before the media job made them
 * (processing/preview-backfill.ts): one video at a time, after any waiting conversion, at the
 * lowest CPU priority. Every start asks; at most one waits and one runs on all workers.
 */
export const previewBackfillJob = defineJob<Record<string, never>, AppContext>({
  name: PREVIEW_BACKFILL_QUEUE,
  policy: 'stately',
  retries,
  // A run hands over to a fresh one after 20 minutes; the limit only catches a hung one.
  maxRunSeconds: FOUR_HOURS,
  concurrency: () => 1,
  run: runPreviewBackfill,
  askAfterStart: {},
});

export const JOB_TABLE: readonly JobDefinition<object, AppContext>[] = [
  transcodeJob,
  imageConversionJob,
  accountMailJob,
  publishJob,
  previewBackfillJob,
];
