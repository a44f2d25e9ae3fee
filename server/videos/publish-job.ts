/**
 * The scheduled publication (issue 34), a row of the job table: sent with `startAfter` when a
 * schedule is stored (video-visibility.ts), it publishes the video at its time if the video is
 * still scheduled for that time (a changed or cleared schedule leaves the job nothing to do). Its
 * write is fenced: a run that lost its lease publishes nothing. `settle` is the overdue pass: a
 * schedule whose time has passed with no job having published it (its job deleted, a database
 * restored) is published by the next start or maintenance pass. Either way it is announced once:
 * publishIn locks the row and publishes only what is not public yet.
 */
import { lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context.js';
import { videos } from '../db/schema.js';
import type { JobRun } from '../jobs/job-definition.js';
import {
  announcePublished,
  overdueSchedules,
  publishIn,
  type PublishJob,
} from './video-publication.js';

/** Overdue schedules one settle pass publishes (the next pass takes the rest). */
const OVERDUE_BATCH = 100;

export async function runPublish(ctx: ServerContext, data: PublishJob, run: JobRun) {
  const at = new Date(data.publishAt);
  const published = await ctx.db.transaction(async (tx) => {
    await run.lease.hold(tx);
    // To the millisecond: the schedule was stored from the same JavaScript date.
    const sameTime = sql`date_trunc('milliseconds', ${videos.publishAt}) = ${at.toISOString()}::timestamptz`;
    return publishIn(tx, data.videoId, sameTime);
  });
  if (published) {
    run.log.info({ videoId: data.videoId, publishAt: data.publishAt }, 'scheduled video published');
    await announcePublished(ctx, published, run.log);
  }
}

export async function publishOverdue(ctx: ServerContext, log: FastifyBaseLogger) {
  const due = await overdueSchedules(ctx.db, OVERDUE_BATCH);
  for (const { id, publishAt } of due) {
    // Still due when locked (a schedule moved later meanwhile is the job's).
    const published = await ctx.db.transaction((tx) =>
      publishIn(tx, id, lte(videos.publishAt, sql`now()`)),
    );
    if (!published) continue;
    log.warn({ videoId: id, publishAt }, 'overdue scheduled video published');
    await announcePublished(ctx, published, log);
  }
}
