/**
 * The channels a search names (GET /search/channels, issue 31): channels whose user name or full
 * name is the query (case and spaces aside), has a word starting with it, or is close to it by
 * trigram similarity (pg_trgm's `%`, at least 0.3, served by the trigram indexes of migration
 * 0015). Exact names first, then prefixes, then close names; within each, more subscribers first
 * (then the closer name). A
 * channel is found whether or not it has published videos (its page is public); `videoCount`
 * counts only published ones (the trigger-kept video_counts row).
 */
import { sql } from 'drizzle-orm';
import { CHANNEL_RESULTS_MAX, type ChannelResult } from '../../contract/search.js';
import type { Db } from '../db/client.js';
import { subscriptions, users, videoCounts } from '../db/schema.js';
import { mediaSizes, mediaUrl, type MediaUrls } from '../media/media-urls.js';

/** `text` as a LIKE pattern that matches it literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export async function searchChannels(
  db: Db,
  text: string,
  callerId: string | null,
  urls: MediaUrls,
): Promise<ChannelResult[]> {
  const query = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!query) return [];
  const compact = query.replace(/ /g, '');
  const fullName = sql`lower(${users.fullName})`;
  const exact = sql`(${users.userName} in (${query}, ${compact}) or ${fullName} = ${query})`;
  // A word of either name starts like the query (a user name's words are split at . _ -).
  const words = sql`' ' || translate(${users.userName}, '._-', '   ') || ' ' || ${fullName}`;
  const starts = sql`(${words} like ${`% ${likeLiteral(query)}%`})`;
  const subscribed = callerId
    ? sql`exists (select 1 from ${subscriptions} where ${subscriptions.subscriberId} = ${callerId}
        and ${subscriptions.channelId} = ${users.id})`
    : sql`false`;
  const result = await db.execute(sql`
    select ${users.id} as id, ${users.userName} as "userName", ${users.fullName} as "fullName",
           ${users.avatarKey} as "avatarKey", ${users.subscriberCount} as "subscriberCount",
           coalesce((select ${videoCounts.n} from ${videoCounts}
             where ${videoCounts.scope} = 'owner' and ${videoCounts.key} = ${users.id}), 0)::int
             as "videoCount",
           ${subscribed} as "isSubscribed"
    from ${users}
    where ${exact} or ${starts} or ${users.userName} % ${query} or ${fullName} % ${query}
    order by ${exact} desc, ${starts} desc, ${users.subscriberCount} desc,
             greatest(similarity(${users.userName}, ${query}), similarity(${fullName}, ${query})) desc,
             ${users.id}
    limit ${CHANNEL_RESULTS_MAX}`);
  type Row = Omit<ChannelResult, '_id' | 'avatar' | 'avatarSizes'> & {
    id: string;
    avatarKey: string;
  };
  return (result as { rows: Row[] }).rows.map(({ id, avatarKey, ...row }) => ({
    _id: id,
    userName: row.userName,
    fullName: row.fullName,
    avatar: mediaUrl(urls, avatarKey),
    avatarSizes: mediaSizes(urls, avatarKey),
    subscriberCount: Number(row.subscriberCount),
    videoCount: Number(row.videoCount),
    isSubscribed: Boolean(row.isSubscribed),
  }));
}
