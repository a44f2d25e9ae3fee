/**
 * Turns joined video + owner rows into the VideoItem shape of API.md, with absolute media URLs
 * (media/media-urls.ts) and the owner object (accounts/owner-dto.ts), and holds the visibility
 * rule every query of someone else's video goes through.
 */
import { or, eq, ne, type Placeholder, type SQL } from 'drizzle-orm';
import type { VideoItem } from '../../contract/shapes.js';
import type { Visibility } from '../../contract/video-visibility.js';
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
  visibility: videos.visibility,
  publishAt: videos.publishAt,
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
  /** Absent from lists that select public videos only (then: public). */
  visibility?: Visibility;
  publishAt?: Date | null;
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
    visibility: row.visibility ?? (row.isPublished ? 'public' : 'private'),
    publishAt: row.publishAt ? row.publishAt.toISOString() : null,
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
 * The listing rule of DESIGN.md: a video that is not public (unlisted, private, scheduled) is
 * listed only for its owner. Every query that can list someone else's videos, or count them, goes
 * through this condition (or filters on is_published, which means public). A prepared statement
 * passes the viewer as its placeholder.
 */
export function visibleTo(viewerId: string | Placeholder<string> | null): SQL {
  if (!viewerId) return eq(videos.isPublished, true);
  return or(eq(videos.isPublished, true), eq(videos.ownerId, viewerId))!;
}

/**
 * The access rule of one video named by its id (issue 34): its owner, or anyone when it is public
 * or unlisted (whoever has the link). Watching, its comments, likes, progress and live events go
 * through this; lists never do (visibleTo).
 */
export function reachableBy(viewerId: string | Placeholder<string> | null): SQL {
  if (!viewerId) return ne(videos.visibility, 'private');
  return or(ne(videos.visibility, 'private'), eq(videos.ownerId, viewerId))!;
}
