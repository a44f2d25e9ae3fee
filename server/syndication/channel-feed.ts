/**
 * A channel's RSS 2.0 feed: its newest public videos, for feed readers (no sign-in, public data
 * only). Media RSS's `media:thumbnail` carries each video's picture, as video sites' feeds do.
 */
import { and, desc, eq } from 'drizzle-orm';
import { CHANNEL_FEED_ITEMS } from '../../contract/syndication.js';
import { watchPath } from '../../contract/page-routes.js';
import type { Db } from '../db/client.js';
import { users, videos } from '../db/schema.js';
import { mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { escapeMarkup } from '../../contract/markup.js';
import { PROVIDER_NAME } from './oembed.js';

interface FeedChannel {
  id: string;
  userName: string;
  fullName: string;
  description: string;
}

interface FeedVideo {
  id: string;
  title: string;
  description: string;
  thumbnailKey: string;
  createdAt: Date;
}

/** The channel and its newest public videos, or null when no channel has that name. */
export async function channelFeed(
  db: Db,
  userName: string,
): Promise<{ channel: FeedChannel; videos: FeedVideo[] } | null> {
  const [channel] = await db
    .select({
      id: users.id,
      userName: users.userName,
      fullName: users.fullName,
      description: users.description,
    })
    .from(users)
    // userNames are stored lower-case, as the channel page finds them.
    .where(eq(users.userName, userName.toLowerCase()));
  if (!channel) return null;
  const newest = await db
    .select({
      id: videos.id,
      title: videos.title,
      description: videos.description,
      thumbnailKey: videos.thumbnailKey,
      createdAt: videos.createdAt,
    })
    .from(videos)
    .where(and(eq(videos.ownerId, channel.id), eq(videos.isPublished, true)))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(CHANNEL_FEED_ITEMS);
  return { channel, videos: newest };
}

const element = (name: string, text: string) => `<${name}>${escapeMarkup(text)}</${name}>`;

/** The feed's XML; `selfUrl` is where it was asked for (atom:link rel="self", as validators want). */
export function channelFeedXml(
  feed: { channel: FeedChannel; videos: FeedVideo[] },
  urls: MediaUrls,
  selfUrl: string,
): string {
  const { channel } = feed;
  const channelUrl = `${urls.origin}/Channel/${encodeURIComponent(channel.userName)}`;
  const items = feed.videos.map((video) => {
    const link = urls.origin + watchPath(video.id);
    return [
      '    <item>',
      `      ${element('title', video.title)}`,
      `      ${element('link', link)}`,
      `      <guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
      `      ${element('pubDate', video.createdAt.toUTCString())}`,
      `      ${element('description', video.description)}`,
      `      <media:thumbnail url="${escapeMarkup(mediaUrl(urls, video.thumbnailKey))}"/>`,
      '    </item>',
    ].join('\n');
  });
  const updated = feed.videos[0]?.createdAt ?? new Date(0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    ${element('title', `${channel.fullName} on ${PROVIDER_NAME}`)}`,
    `    ${element('link', channelUrl)}`,
    `    ${element('description', channel.description || `Videos from ${channel.fullName}`)}`,
    `    <atom:link href="${escapeMarkup(selfUrl)}" rel="self" type="application/rss+xml"/>`,
    `    ${element('lastBuildDate', updated.toUTCString())}`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
