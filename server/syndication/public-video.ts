/**
 * A public video as other sites see it (oEmbed, a watch page's link preview): public data only.
 * Only a published video answers: an unpublished one, and after issue 34's visibility an unlisted
 * or scheduled one, is unknown here, so no bot that reads these learns its title (an unlisted link
 * still plays for whoever has it; it just does not unfurl).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users, videos } from '../db/schema.js';

export interface PublicVideo {
  id: string;
  title: string;
  description: string;
  thumbnailKey: string;
  duration: number;
  createdAt: Date;
  ownerUserName: string;
  ownerFullName: string;
}

export async function publicVideo(db: Db, videoId: string): Promise<PublicVideo | null> {
  const [row] = await db
    .select({
      id: videos.id,
      title: videos.title,
      description: videos.description,
      thumbnailKey: videos.thumbnailKey,
      duration: videos.duration,
      createdAt: videos.createdAt,
      ownerUserName: users.userName,
      ownerFullName: users.fullName,
    })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(eq(videos.id, videoId), eq(videos.isPublished, true)));
  return row ?? null;
}
