/** The owner object (API.md's `owner`) every resource shows beside a video, tweet or comment. */
import type { Owner } from '../../contract/shapes.js';
import { users } from '../db/schema.js';
import { mediaSizes, mediaUrl, type MediaUrls } from '../media/media-urls.js';

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
