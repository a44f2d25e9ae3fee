/**
 * Issue 34, a video's visibility and schedule, by its owner: the spec's publish toggle (public →
 * private; anything else → public, clearing a schedule) and `PATCH /videos/{id}/visibility`
 * (contract/video-visibility.ts). Becoming public goes through video-publication.ts (announced
 * the first time only). Becoming private, from public or unlisted, retires the media URLs that
 * others saw; becoming unlisted keeps them (whoever has the link may watch it). Every write
 * names is_published with visibility, so the triggers `UPDATE OF is_published` fire (0004: the
 * history's visible flag, which its count reads).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { VisibilityBody } from '../../contract/video-visibility.js';
import type { ServerContext } from '../context.js';
import { newId } from '../db/ids.js';
import { videos } from '../db/schema.js';
import { renamedKey } from '../media/image-keys.js';
import { retireHlsNames } from '../processing/index.js';
import { deleteFilesIfUnused, findOwnedVideo } from './video-lifecycle.js';
import { checkedPublishAt, publishNow, schedulePublish } from './video-publication.js';

type OwnedVideo = Awaited<ReturnType<typeof findOwnedVideo>>;

/** The spec's toggle: public → private; unlisted, private or scheduled → public now. */
export async function togglePublish(
  ctx: ServerContext,
  videoId: string,
  callerId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const video = await findOwnedVideo(ctx.db, videoId, callerId);
  if (video.visibility === 'public') await makeHidden(ctx, video, 'private', null);
  else await publishNow(ctx, video.id, log);
}

/** PATCH /videos/{videoId}/visibility by `callerId`. */
export async function setVisibility(
  ctx: ServerContext,
  videoId: string,
  callerId: string,
  body: VisibilityBody,
  log: FastifyBaseLogger,
): Promise<void> {
  const video = await findOwnedVideo(ctx.db, videoId, callerId, { strangerNotFound: true });
  const publishAt = checkedPublishAt(body);
  if (body.visibility === 'public') return publishNow(ctx, video.id, log);
  await makeHidden(ctx, video, body.visibility, publishAt);
}

/**
 * Unlisted or private, with or without a schedule. Media URLs are public and cached as
 * immutable, so making a video private that others could reach retires the URLs they saw: its
 * file and thumbnail get fresh unguessable names, known only to the owner, and the old ones are
 * freed (unless a catalogue row shares them). Copies are made before the row changes, so a crash
 * leaves at worst an orphan for the reconciliation, never a row without its file.
 */
async function makeHidden(
  ctx: ServerContext,
  video: OwnedVideo,
  visibility: 'unlisted' | 'private',
  publishAt: Date | null,
): Promise<void> {
  const retire = visibility === 'private' && video.visibility !== 'private';
  if (!retire) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(videos)
        .set({ isPublished: false, visibility, publishAt, updatedAt: sql`now()` })
        .where(eq(videos.id, video.id));
      if (publishAt) await schedulePublish(ctx, tx, video.id, publishAt);
    });
    return;
  }
  const { db, storage } = ctx;
  await retireHlsNames(ctx, video.id);
  const copied: string[] = [];
  // The copies, then the old names once the row stops naming them: all in flight until the end.
  const recorded = [video.videoKey, video.thumbnailKey];
  const copyUnderFreshName = async (key: string) => {
    // A row whose file is missing (see maintenance/) has no URL left to retire.
    if ((await storage.size(key)) === null) return key;
    // The same folder and kind of key under a fresh random name (every width of a thumbnail).
    const fresh = renamedKey(key, newId());
    recorded.push(fresh.key);
    await ctx.journal.record([fresh.key, key]);
    for (const { from, to } of fresh.copies) {
      await storage.copy(from, to);
      copied.push(to);
    }
    return fresh.key;
  };
  const removeCopies = () => Promise.all(copied.map((key) => storage.delete(key)));
  try {
    const videoKey = await copyUnderFreshName(video.videoKey);
    const thumbnailKey = await copyUnderFreshName(video.thumbnailKey);
    const changed = await db.transaction(async (tx) => {
      const rows = await tx
        .update(videos)
        .set({
          isPublished: false,
          visibility,
          publishAt,
          videoKey,
          thumbnailKey,
          updatedAt: sql`now()`,
        })
        // A concurrent change may have made it private already: then these copies are not needed.
        .where(and(eq(videos.id, video.id), ne(videos.visibility, 'private')))
        .returning({ id: videos.id });
      if (rows.length === 0) {
        await tx.update(videos).set({ publishAt }).where(eq(videos.id, video.id));
      }
      if (publishAt) await schedulePublish(ctx, tx, video.id, publishAt);
      return rows.length > 0;
    });
    if (!changed) await removeCopies();
  } catch (error) {
    await removeCopies();
    await ctx.journal.clear(recorded);
    throw error;
  }
  await deleteFilesIfUnused(db, storage, [video.videoKey, video.thumbnailKey]);
  await ctx.journal.clear(recorded);
}
