/**
 * Turns joined video + owner rows into the VideoItem shape of API.md, with absolute media URLs
 * (media/media-urls.ts) and the owner object (accounts/owner-dto.ts), and holds the visibility
 * rule every query of someone else's video goes through.
 */
import { or, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { VideoItem } from '../../contract/shapes.js';
import { users, videos } from '../db/schema.js';
import { mediaSizes, mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { toOwner } from '../accounts/index.js';

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
