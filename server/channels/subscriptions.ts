/**
 * Subscriptions: one row per (subscriber, channel), never to oneself; users.subscriber_count moves
 * with the rows in the same transaction.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ChannelSubscriber, SubscriptionToggle } from '../../contract/engagement.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/client.js';
import { subscriptions, users } from '../db/schema.js';
import { invalid, notFound } from '../errors.js';
import { countedToggle } from '../db/counted-toggle.js';
import { announceNotifications } from '../events/live-topics.js';
import { notifyOne } from '../notifications/index.js';
import { descNullsLast } from '../db/order.js';
import { ownerColumns, toOwner } from '../accounts/index.js';
import type { MediaUrls } from '../media/media-urls.js';

const SELF_SUBSCRIBE = 'You cannot subscribe to your own channel';
const CHANNEL_NOT_FOUND = 'Channel not found';

/** The channel's subscriber counter (kept equal to its rows); 404 when there is no such user. */
async function assertChannel(db: Db, channelId: string) {
  const [row] = await db
    .select({ subscriberCount: users.subscriberCount })
    .from(users)
    .where(eq(users.id, channelId));
  if (!row) throw notFound(CHANNEL_NOT_FOUND);
  return row.subscriberCount;
}

export async function toggleSubscription(
  ctx: Pick<ServerContext, 'db' | 'events'>,
  subscriberId: string,
  channelId: string,
): Promise<SubscriptionToggle> {
  const { db } = ctx;
  let notified = false;
  if (subscriberId === channelId) throw invalid(SELF_SUBSCRIBE);
  await assertChannel(db, channelId);
  const pair = and(
    eq(subscriptions.subscriberId, subscriberId),
    eq(subscriptions.channelId, channelId),
  );
  const { on, count } = await countedToggle(db, {
    lockKey: `subscription:${channelId}:${subscriberId}`,
    remove: async (tx) =>
      (await tx.delete(subscriptions).where(pair).returning({ id: subscriptions.channelId }))
        .length > 0,
    insert: async (tx) => {
      const inserted = await tx
        .insert(subscriptions)
        .values({ subscriberId, channelId })
        .onConflictDoNothing()
        .returning({ id: subscriptions.channelId });
      if (inserted.length === 0) return false;
      // Once per subscriber: unsubscribing and subscribing again notifies no second time.
      notified = await notifyOne(tx, {
        recipientId: channelId,
        type: 'newSubscriber',
        actorId: subscriberId,
        dedupeKey: `newSubscriber:${subscriberId}`,
      });
      return true;
    },
    bump: async (tx, delta) => {
      const [row] = await tx
        .update(users)
        .set({ subscriberCount: sql`${users.subscriberCount} + ${delta}` })
        .where(eq(users.id, channelId))
        .returning({ n: users.subscriberCount });
      return row?.n ?? 0;
    },
  });
  if (notified) await announceNotifications(ctx.events, [channelId]);
  return { subscribed: on, subscriberCount: count };
}

/**
 * Subscribers of a channel, newest first, each with whether the caller subscribes to them; the
 * total is the channel's subscriber counter.
 */
export async function listSubscribers(
  db: Db,
  channelId: string,
  viewerId: string,
  page: number,
  limit: number,
  urls: MediaUrls,
): Promise<{ subscribers: ChannelSubscriber[]; total: number }> {
  const total = await assertChannel(db, channelId);
  const rows = await db
    .select({
      ...ownerColumns,
      subscriberCount: users.subscriberCount,
      isSubscribed: sql<boolean>`exists (select 1 from subscriptions mine where mine.subscriber_id = ${viewerId} and mine.channel_id = ${users.id})`,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.subscriberId))
    .where(eq(subscriptions.channelId, channelId))
    .orderBy(descNullsLast(subscriptions.createdAt), desc(subscriptions.subscriberId))
    .limit(limit)
    .offset((page - 1) * limit);
  const subscribers = rows.map((r) => ({
    ...toOwner(r, urls),
    subscriberCount: r.subscriberCount,
    isSubscribed: r.isSubscribed,
  }));
  return { subscribers, total };
}
