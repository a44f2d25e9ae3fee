/**
 * Posting, editing and deleting tweets. Content arrives trimmed and within 1…280 characters (the
 * route's schema). Only the author may change a tweet: 404 when unknown, 403 for anyone else,
 * checked before anything is written. A deleted tweet takes its likes with it in one transaction
 * (likes reference their targets without a foreign key, so no cascade does it).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tweet } from '../../contract/tweets.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { likes, tweets } from '../db/schema.js';
import { forbidden, notFound } from '../errors.js';
import { TWEET_NOT_FOUND, tweetById } from './tweets.js';
import type { MediaUrls } from '../media/media-urls.js';

export const NOT_TWEET_AUTHOR = 'Only the author can change this tweet';

async function ownTweet(db: Db, tweetId: string, callerId: string) {
  const [row] = await db
    .select({ id: tweets.id, ownerId: tweets.ownerId })
    .from(tweets)
    .where(eq(tweets.id, tweetId));
  if (!row) throw notFound(TWEET_NOT_FOUND);
  if (row.ownerId !== callerId) throw forbidden(NOT_TWEET_AUTHOR);
  return row;
}

export async function postTweet(
  db: Db,
  ownerId: string,
  content: string,
  urls: MediaUrls,
): Promise<Tweet> {
  const id = newId();
  await db.insert(tweets).values({ id, ownerId, content });
  return tweetById(db, id, ownerId, urls);
}

export async function editTweet(
  db: Db,
  tweetId: string,
  callerId: string,
  content: string,
  urls: MediaUrls,
): Promise<Tweet> {
  await ownTweet(db, tweetId, callerId);
  await db
    .update(tweets)
    .set({ content, updatedAt: sql`now()` })
    .where(eq(tweets.id, tweetId));
  return tweetById(db, tweetId, callerId, urls);
}

export async function deleteTweet(db: Db, tweetId: string, callerId: string): Promise<void> {
  await ownTweet(db, tweetId, callerId);
  // The row first: a concurrent like's counter update then either committed before (its like is
  // removed below) or finds the tweet gone and rolls its like back (likes.ts).
  await db.transaction(async (tx) => {
    await tx.delete(tweets).where(eq(tweets.id, tweetId));
    await tx.delete(likes).where(and(eq(likes.targetType, 'tweet'), eq(likes.targetId, tweetId)));
  });
}
