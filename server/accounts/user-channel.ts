/**
 * GET /users/channel/{userName}: a channel's public profile as seen by the caller. The subscriber
 * count is the counter kept on users; the other two figures come from subscriptions, in the same
 * single query.
 */
import { eq, sql } from 'drizzle-orm';
import type { Channel } from '../../contract/users.js';
import type { Db } from '../db/client.js';
import { subscriptions, users } from '../db/schema.js';
import { mediaSizes, mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { ownerColumns, toOwner } from './owner-dto.js';

export async function findChannel(
  db: Db,
  userName: string,
  viewerId: string,
  urls: MediaUrls,
): Promise<Channel | null> {
  const [row] = await db
    .select({
      ...ownerColumns,
      coverKey: users.coverKey,
      description: users.description,
      subscriberCount: users.subscriberCount,
      channelsSubscribedToCount: sql<number>`(select count(*)::int from ${subscriptions}
        where ${subscriptions.subscriberId} = ${users.id})`,
      isSubscribed: sql<boolean>`exists(select 1 from ${subscriptions}
        where ${subscriptions.subscriberId} = ${viewerId}
          and ${subscriptions.channelId} = ${users.id})`,
    })
    .from(users)
    // userNames are stored lower-case; /channel/JohnDoe finds johndoe.
    .where(eq(users.userName, userName.toLowerCase()));
  if (!row) return null;
  return {
    ...toOwner(row, urls),
    coverImage: mediaUrl(urls, row.coverKey),
    coverImageSizes: mediaSizes(urls, row.coverKey),
    description: row.description,
    subscriberCount: row.subscriberCount,
    channelsSubscribedToCount: Number(row.channelsSubscribedToCount),
    isSubscribed: Boolean(row.isSubscribed),
  };
}
