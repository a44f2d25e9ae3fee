/**
 * The channels one user subscribes to, most recent subscription first: the caller's own
 * (GET /subscriptions) or anyone's (GET /subscriptions/u/{subscriberId}); subscriptions are
 * public, as the channel page's subscriber list already shows. One page is one query (served by
 * subscriptions_subscriber_idx) plus one count.
 */
import { count, eq } from 'drizzle-orm';
import type { SubscribedChannel } from '../../contract/engagement.js';
import type { Db } from '../db/client.js';
import { subscriptions, users } from '../db/schema.js';
import { notFound } from '../errors.js';
import { descNullsLast } from '../db/order.js';
import { offsetOf, USER_NOT_FOUND, type Page } from '../db/page.js';
import { mediaSizes, mediaUrl, type MediaUrls } from '../media/media-urls.js';

export async function listSubscribedChannels(
  db: Db,
  subscriberId: string,
  paging: Page,
  urls: MediaUrls,
): Promise<{ channels: SubscribedChannel[]; total: number }> {
  const [[subscriber], rows, [total]] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.id, subscriberId)),
    db
      .select({
        id: users.id,
        userName: users.userName,
        fullName: users.fullName,
        avatarKey: users.avatarKey,
        subscribers: users.subscriberCount,
        description: users.description,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.channelId))
      .where(eq(subscriptions.subscriberId, subscriberId))
      .orderBy(descNullsLast(subscriptions.createdAt), descNullsLast(subscriptions.channelId))
      .limit(paging.limit)
      .offset(offsetOf(paging)),
    db
      .select({ n: count() })
      .from(subscriptions)
      .where(eq(subscriptions.subscriberId, subscriberId)),
  ]);
  if (!subscriber) throw notFound(USER_NOT_FOUND);
  const channels = rows.map((r) => ({
    _id: r.id,
    userName: r.userName,
    fullName: r.fullName,
    avatar: mediaUrl(urls, r.avatarKey),
    avatarSizes: mediaSizes(urls, r.avatarKey),
    subscribers: r.subscribers,
    description: r.description,
  }));
  return { channels, total: total?.n ?? 0 };
}
