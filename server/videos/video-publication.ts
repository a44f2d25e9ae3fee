/**
 * The moment a video becomes public (issue 34), whoever causes it: the spec's toggle, the
 * visibility API, the scheduled-publication job (publish-job.ts) or its overdue pass. The first
 * time a video is public it is announced (the "new video" notification to subscribers, the bell's
 * live event) and dated then, as a large video site dates a scheduled video by its publication;
 * a video that was public before is published again quietly. The write and the notifications
 * commit together; the live events follow the commit.
 */
import { and, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { videos } from '../db/schema.js';
import { announceNewVideo } from '../events/live-topics.js';
import { notifySubscribersOfVideo } from '../notifications/index.js';
import {
  PUBLISH_AT_MAX_DAYS,
  SCHEDULE_MESSAGES,
  type VisibilityBody,
} from '../../contract/video-visibility.js';
import { invalid } from '../errors.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The durable job that publishes a scheduled video at its time (job-table.ts). */
export const PUBLISH_QUEUE = 'video-publish';
export interface PublishJob {
  videoId: string;
  /** The schedule this job was sent for (ISO): a changed or cleared schedule makes it a no-op. */
  publishAt: string;
}

/** `publishAt` checked against the rules of the contract; null when none is asked for. */
export function checkedPublishAt(body: VisibilityBody, now = Date.now()): Date | null {
  if (body.publishAt === undefined || body.publishAt === null) return null;
  if (body.visibility === 'public') throw invalid(SCHEDULE_MESSAGES.public);
  const at = new Date(body.publishAt);
  if (Number.isNaN(at.getTime())) throw invalid('publishAt: must be a date and time');
  if (at.getTime() <= now) throw invalid(SCHEDULE_MESSAGES.past);
  if (at.getTime() > now + PUBLISH_AT_MAX_DAYS * DAY_MS) throw invalid(SCHEDULE_MESSAGES.tooFar);
  return at;
}

/** Sends the publication job of `videoId` for `at`, in the transaction that stores the schedule. */
export async function schedulePublish(
  ctx: Pick<ServerContext, 'jobs'>,
  tx: Db | Tx,
  videoId: string,
  at: Date,
): Promise<void> {
  const job: PublishJob = { videoId, publishAt: at.toISOString() };
  await ctx.jobs.send(PUBLISH_QUEUE, job, tx, { startAfter: at });
}

export interface Published {
  videoId: string;
  /** Subscribers notified (0 unless this was its first time public). */
  notified: number;
}

/**
 * Makes `videoId` public in `tx` when `only` (a condition on the row) holds; null when the video
 * is gone, already public or no longer matches. Locks the row first, so two publishers (the job
 * and the toggle, two replicas) announce it once.
 */
export async function publishIn(
  tx: Db | Tx,
  videoId: string,
  only?: SQL,
): Promise<Published | null> {
  const [row] = await tx
    .select({ ownerId: videos.ownerId, firstPublicAt: videos.firstPublicAt })
    .from(videos)
    .where(and(eq(videos.id, videoId), sql`${videos.visibility} <> 'public'`, only))
    .for('update');
  if (!row) return null;
  const first = row.firstPublicAt === null;
  await tx
    .update(videos)
    .set({
      // Named with visibility: triggers `UPDATE OF is_published` (history's visible flag) fire.
      isPublished: true,
      visibility: 'public',
      publishAt: null,
      updatedAt: sql`now()`,
      ...(first ? { createdAt: sql`now()` } : {}),
    })
    .where(eq(videos.id, videoId));
  const notified = first ? await notifySubscribersOfVideo(tx, videoId, row.ownerId) : 0;
  return { videoId, notified };
}

/** After the commit: the bell's live event (first publication) and every replica's feed cache. */
export async function announcePublished(
  ctx: Pick<ServerContext, 'events' | 'feedChanged'>,
  published: Published,
  log: FastifyBaseLogger,
): Promise<void> {
  await ctx.feedChanged({ videoId: published.videoId }, log);
  if (published.notified > 0) await announceNewVideo(ctx.events, published.videoId);
}

/** Publishes now, whatever its schedule (the toggle, or the visibility API's "public"). */
export async function publishNow(
  ctx: Pick<ServerContext, 'db' | 'events' | 'feedChanged'>,
  videoId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const published = await ctx.db.transaction((tx) => publishIn(tx, videoId));
  if (published) await announcePublished(ctx, published, log);
}

/** Scheduled videos whose time has come (the overdue pass of publish-job.ts). */
export function overdueSchedules(db: Db, limit: number) {
  return db
    .select({ id: videos.id, publishAt: videos.publishAt })
    .from(videos)
    .where(and(isNotNull(videos.publishAt), lte(videos.publishAt, sql`now()`)))
    .orderBy(videos.publishAt)
    .limit(limit);
}
