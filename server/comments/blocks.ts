/**
 * Users a channel blocked from commenting on its videos. Blocking turns the user's published
 * comments and replies there to `blocked` (only they see them, and new ones are refused 403);
 * unblocking publishes them again. Their held ones stay held (the review decides those). The
 * comments_keep_counts trigger moves every count in the same transaction.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { BlockState, BlockedUserList } from '../../contract/conversation.js';
import type { Db } from '../db/client.js';
import { channelBlockedUsers, comments, users, videos } from '../db/schema.js';
import { invalid, notFound } from '../errors.js';
import { USER_NOT_FOUND } from '../db/page.js';
import { toOwner } from '../accounts/index.js';
import { takeBlockTurn } from './comment-access.js';
import type { MediaUrls } from '../media/media-urls.js';

export const CANNOT_BLOCK_ONESELF = "You can't block yourself";

const channelVideos = (db: Db, channelId: string) =>
  db.select({ id: videos.id }).from(videos).where(eq(videos.ownerId, channelId));

export async function setBlocked(
  db: Db,
  channelId: string,
  userId: string,
  blocked: boolean,
): Promise<BlockState> {
  if (userId === channelId) throw invalid(CANNOT_BLOCK_ONESELF);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(USER_NOT_FOUND);
  const [from, to] = blocked
    ? (['published', 'blocked'] as const)
    : (['blocked', 'published'] as const);
  await db.transaction(async (tx) => {
    // Comments by the user being written now finish first, or wait and see the block.
    await takeBlockTurn(tx, channelId, userId, 'block');
    if (blocked) {
      await tx.insert(channelBlockedUsers).values({ channelId, userId }).onConflictDoNothing();
    } else {
      await tx
        .delete(channelBlockedUsers)
        .where(
          and(eq(channelBlockedUsers.channelId, channelId), eq(channelBlockedUsers.userId, userId)),
        );
    }
    await tx
      .update(comments)
      .set({ status: to })
      .where(
        and(
          eq(comments.ownerId, userId),
          eq(comments.status, from),
          inArray(comments.videoId, channelVideos(db, channelId)),
        ),
      );
  });
  return { blocked };
}

export async function listBlocked(
  db: Db,
  channelId: string,
  { page, limit }: { page: number; limit: number },
  urls: MediaUrls,
): Promise<BlockedUserList> {
  const mine = eq(channelBlockedUsers.channelId, channelId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        userName: users.userName,
        fullName: users.fullName,
        avatarKey: users.avatarKey,
        blockedAt: channelBlockedUsers.createdAt,
      })
      .from(channelBlockedUsers)
      .innerJoin(users, eq(users.id, channelBlockedUsers.userId))
      .where(mine)
      .orderBy(desc(channelBlockedUsers.createdAt), channelBlockedUsers.userId)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(channelBlockedUsers).where(mine),
  ]);
  return {
    users: rows.map((row) => ({
      user: toOwner(row, urls),
      blockedAt: row.blockedAt.toISOString(),
    })),
    totalUsers: total?.n ?? 0,
    page,
    limit,
  };
}
