/**
 * Turns joined video + owner rows into the VideoItem shape of API.md, with absolute media URLs.
 * `mediaUrl` and `toOwner` are the one copy every resource (users, channels, comments,
 * subscriptions) builds its media URLs and owner objects with.
 */
import { or, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { ImageSize, Owner, VideoItem } from '../../contract/shapes.js';
import { users, videos } from '../db/schema.js';
import { sizedFiles } from '../media/image-keys.js';
import type { MediaStorage } from '../storage/storage.js';

export const VIDEO_NOT_FOUND = 'Video not found';

/** Columns every video list selects (video plus its owner), for one join with users. */
export const videoItemColumns = {
  id: videos.id,
  title: videos.title,
  description: videos.description,
  tags: videos.tags,
  duration: videos.duration,
  views: videos.views,
  isPublished: videos.isPublished,
  videoKey: videos.videoKey,
  thumbnailKey: videos.thumbnailKey,
  createdAt: videos.createdAt,
  ownerId: users.id,
  ownerUserName: users.userName,
  ownerFullName: users.fullName,
  ownerAvatarKey: users.avatarKey,
};

export interface VideoItemRow {
  id: string;
  title: string;
  description: string;
  tags: string[];
  duration: number;
  views: number;
  isPublished: boolean;
  videoKey: string;
  thumbnailKey: string;
  createdAt: Date;
  ownerId: string;
  ownerUserName: string;
  ownerFullName: string;
  ownerAvatarKey: string;
}

/** Builds absolute media URLs for one request's origin. */
export interface MediaUrls {
  storage: MediaStorage;
  origin: string;
}

export function mediaUrl(urls: MediaUrls, key: string): string {
  return urls.storage.url(key, urls.origin);
}

/** The widths stored for an image key, for `srcset`; empty for a single file. */
export function mediaSizes(urls: MediaUrls, key: string): ImageSize[] {
  return sizedFiles(key).map((file) => ({ width: file.width, url: mediaUrl(urls, file.key) }));
}

/** The columns `toOwner` needs, to spread into a select that joins users. */
export const ownerColumns = {
  id: users.id,
  userName: users.userName,
  fullName: users.fullName,
  avatarKey: users.avatarKey,
};

export function toOwner(
  row: { id: string; userName: string; fullName: string; avatarKey: string },
  urls: MediaUrls,
): Owner {
  return {
    _id: row.id,
    userName: row.userName,
    fullName: row.fullName,
    avatar: mediaUrl(urls, row.avatarKey),
    avatarSizes: mediaSizes(urls, row.avatarKey),
  };
}

export function toVideoItem(row: VideoItemRow, urls: MediaUrls): VideoItem {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: mediaUrl(urls, row.thumbnailKey),
    thumbnailSizes: mediaSizes(urls, row.thumbnailKey),
    videoFile: mediaUrl(urls, row.videoKey),
    duration: row.duration,
    views: row.views,
    isPublished: row.isPublished,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    owner: toOwner(
      {
        id: row.ownerId,
        userName: row.ownerUserName,
        fullName: row.ownerFullName,
        avatarKey: row.ownerAvatarKey,
      },
      urls,
    ),
  };
}

/**
 * The visibility rule of DESIGN.md: an unpublished video exists only for its owner. Every query
 * that can return someone else's video goes through this condition. A prepared statement passes
 * the viewer as its placeholder.
 */
export function visibleTo(viewerId: string | Placeholder<string> | null): SQL {
  if (!viewerId) return eq(videos.isPublished, true);
  return or(eq(videos.isPublished, true), eq(videos.ownerId, viewerId))!;
}
