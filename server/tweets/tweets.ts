/**
 * Reading tweets: a user's tweets newest first, each with its author, like count and whether the
 * viewer likes it. The like state is an EXISTS on the likes primary key inside the same statement,
 * so a page is one query whatever its length.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Tweet } from '../../contract/tweets.js';
import type { Db } from '../db/client.js';
import { tweets, users } from '../db/schema.js';
import { notFound } from '../errors.js';
import { descNullsLast } from '../db/order.js';
import { offsetOf, USER_NOT_FOUND, type Page } from '../db/page.js';
import { toOwner } from '../accounts/index.js';
import type { MediaUrls } from '../media/media-urls.js';

export const TWEET_NOT_FOUND = 'Tweet not found';

function tweetColumns(viewerId: string) {
  return {
    id: tweets.id,
    content: tweets.content,
    createdAt: tweets.createdAt,
    updatedAt: tweets.updatedAt,
    likeCount: tweets.likesCount,
    likedByUser: sql<boolean>`exists (select 1 from likes l where l.user_id = ${viewerId}
      and l.target_type = 'tweet' and l.target_id = ${tweets.id})`,
    owner: {
      id: users.id,
      userName: users.userName,
      fullName: users.fullName,
      avatarKey: users.avatarKey,
    },
  };
}

type TweetRow = {
  id: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  likeCount: number;
  likedByUser: boolean;
  owner: { id: string; userName: string; fullName: string; avatarKey: string };
};

function toTweet(row: TweetRow, urls: MediaUrls): Tweet {
  return {
    _id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: toOwner(row.owner, urls),
    likeCount: row.likeCount,
    likedByUser: row.likedByUser,
  };
}

export async function listUserTweets(
  db: Db,
  userId: string,
  viewerId: string,
  paging: Page,
  urls: MediaUrls,
): Promise<{ tweets: Tweet[]; total: number }> {
  const [[owner], rows, [total]] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
    db
      .select(tweetColumns(viewerId))
      .from(tweets)
      .innerJoin(users, eq(users.id, tweets.ownerId))
      .where(eq(tweets.ownerId, userId))
      .orderBy(descNullsLast(tweets.createdAt), descNullsLast(tweets.id))
      .limit(paging.limit)
      .offset(offsetOf(paging)),
    db.select({ n: count() }).from(tweets).where(eq(tweets.ownerId, userId)),
  ]);
  if (!owner) throw notFound(USER_NOT_FOUND);
  return { tweets: rows.map((row) => toTweet(row, urls)), total: total?.n ?? 0 };
}

export async function tweetById(
  db: Db,
  tweetId: string,
  viewerId: string,
  urls: MediaUrls,
): Promise<Tweet> {
  const [row] = await db
    .select(tweetColumns(viewerId))
    .from(tweets)
    .innerJoin(users, eq(users.id, tweets.ownerId))
    .where(eq(tweets.id, tweetId));
  if (!row) throw notFound(TWEET_NOT_FOUND);
  return toTweet(row, urls);
}
