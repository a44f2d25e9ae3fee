/**
 * The bell's reads and marks: a recipient's notifications (unread first, then newest), the
 * unread count, read marks and the per-type settings. Entries about a video the recipient may
 * not see (unpublished by someone else) are left out of every read, so an unpublished video
 * leaks through no notification; deleted videos and comments took their entries with them.
 */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationList,
  type NotificationSettings,
  type NotificationSettingsPatch,
} from '../../contract/notifications.js';
import { UNREAD_COUNT_CAP } from '../../contract/limits.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/client.js';
import { comments, notificationMutes, notifications, users, videos } from '../db/schema.js';
import { announceNotifications } from '../events/live-topics.js';
import { mediaSizes, mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { toOwner } from '../accounts/index.js';

/** How much of a comment the panel shows. */
export const COMMENT_EXCERPT_CHARS = 140;

const actor = alias(users, 'actor');

/** The recipient may see the entry's video (or it has none). */
const visibleEntry = (recipientId: string) =>
  or(isNull(notifications.videoId), eq(videos.isPublished, true), eq(videos.ownerId, recipientId));

function joinedEntries(db: Db) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      milestone: notifications.milestone,
      dedupeKey: notifications.dedupeKey,
      actorId: actor.id,
      actorUserName: actor.userName,
      actorFullName: actor.fullName,
      actorAvatarKey: actor.avatarKey,
      videoId: videos.id,
      videoTitle: videos.title,
      thumbnailKey: videos.thumbnailKey,
      commentId: comments.id,
      excerpt: sql<string | null>`left(${comments.content}, ${COMMENT_EXCERPT_CHARS})`,
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .leftJoin(videos, eq(videos.id, notifications.videoId))
    .leftJoin(comments, eq(comments.id, notifications.commentId));
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof joinedEntries>['execute']>>[number];

function toNotification(row: EntryRow, urls: MediaUrls): Notification {
  return {
    _id: row.id,
    type: row.type,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    actor:
      row.actorId === null
        ? null
        : toOwner(
            {
              id: row.actorId,
              userName: row.actorUserName!,
              fullName: row.actorFullName!,
              avatarKey: row.actorAvatarKey!,
            },
            urls,
          ),
    video:
      row.videoId === null
        ? null
        : {
            _id: row.videoId,
            title: row.videoTitle!,
            thumbnail: mediaUrl(urls, row.thumbnailKey!),
            thumbnailSizes: mediaSizes(urls, row.thumbnailKey!),
          },
    comment: row.commentId === null ? null : { _id: row.commentId, excerpt: row.excerpt ?? '' },
    milestone: row.milestone,
    // The dedupe key of a processing entry ends with how it ended (notification-writes.ts).
    outcome:
      row.type === 'videoReady' ? (row.dedupeKey.endsWith(':failed') ? 'failed' : 'ready') : null,
  };
}

export async function unreadCount(db: Db, recipientId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select 1 from ${notifications}
      left join ${videos} on ${videos.id} = ${notifications.videoId}
      where ${notifications.recipientId} = ${recipientId}
        and (${notifications.readAt} is not null) = false
        and ${visibleEntry(recipientId)}
      limit ${UNREAD_COUNT_CAP}
    ) capped`);
  return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export async function listNotifications(
  db: Db,
  recipientId: string,
  { page, limit, filter }: { page: number; limit: number; filter: 'all' | 'unread' },
  urls: MediaUrls,
): Promise<NotificationList> {
  // Ordered as notifications_list_idx is, so the page is read from the index without a sort.
  const read = sql`(${notifications.readAt} is not null)`;
  const rows = await joinedEntries(db)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        filter === 'unread' ? sql`${read} = false` : undefined,
        visibleEntry(recipientId),
      ),
    )
    .orderBy(read, desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return {
    notifications: rows.slice(0, limit).map((row) => toNotification(row, urls)),
    hasMore: rows.length > limit,
    unreadCount: await unreadCount(db, recipientId),
    page,
    limit,
  };
}

/** Marks the caller's own `ids` read (others' ids are ignored); returns the new unread count. */
export async function markRead(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  recipientId: string,
  ids: string[],
): Promise<number> {
  const { db } = ctx;
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        inArray(notifications.id, ids),
        isNull(notifications.readAt),
      ),
    );
  // The caller's other tabs and devices refresh their bells.
  await announceNotifications(ctx.events, [recipientId]);
  return unreadCount(db, recipientId);
}

export async function markAllRead(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  recipientId: string,
): Promise<void> {
  await ctx.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, recipientId), sql`${notifications.readAt} is null`));
  await announceNotifications(ctx.events, [recipientId]);
}

export async function notificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const muted = await db
    .select({ type: notificationMutes.type })
    .from(notificationMutes)
    .where(eq(notificationMutes.userId, userId));
  const off = new Set(muted.map((row) => row.type));
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, !off.has(type)]),
  ) as NotificationSettings;
}

export async function updateNotificationSettings(
  db: Db,
  userId: string,
  patch: NotificationSettingsPatch,
): Promise<NotificationSettings> {
  const on = NOTIFICATION_TYPES.filter((type) => patch[type] === true);
  const off = NOTIFICATION_TYPES.filter((type) => patch[type] === false);
  await db.transaction(async (tx) => {
    if (on.length > 0) {
      await tx
        .delete(notificationMutes)
        .where(and(eq(notificationMutes.userId, userId), inArray(notificationMutes.type, on)));
    }
    if (off.length > 0) {
      await tx
        .insert(notificationMutes)
        .values(off.map((type) => ({ userId, type })))
        .onConflictDoNothing();
    }
  });
  return notificationSettings(db, userId);
}
