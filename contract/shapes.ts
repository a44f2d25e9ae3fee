/**
 * The entity shapes of API.md ("Shapes used below"). Field names and spellings are part of the
 * contract that existing clients rely on: keep them exactly.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateString, Id } from './common.js';

/**
 * One stored width of an image, for `srcset` (`url 320w, …`). Lists are narrowest first and end
 * with the URL of the image's own field (its largest width). Not in API.md's shapes: an addition
 * that older clients ignore. Empty for an image stored before sizes existed, until maintenance
 * converts it; absent from servers older than this field.
 */
export const ImageSize = Type.Object({ width: Type.Integer({ minimum: 1 }), url: Type.String() });
export type ImageSize = Static<typeof ImageSize>;
export const ImageSizes = Type.Optional(Type.Array(ImageSize));

export const TagRef = Type.Object({ name: Type.String() });

export const User = Type.Object({
  _id: Id,
  userName: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
  avatar: Type.String(),
  avatarSizes: ImageSizes,
  coverImage: Type.String(),
  coverImageSizes: ImageSizes,
  description: Type.String(),
  tags: Type.Array(TagRef),
  createdAt: DateString,
  /** Issue 32: whether `email` was confirmed by its mailed link. */
  emailConfirmed: Type.Boolean(),
  /** A new address asked for in Settings, waiting for its link; `email` stays until then. */
  pendingEmail: Type.Union([Type.String(), Type.Null()]),
});
export type User = Static<typeof User>;

export const Owner = Type.Object({
  _id: Id,
  userName: Type.String(),
  fullName: Type.String(),
  avatar: Type.String(),
  avatarSizes: ImageSizes,
});
export type Owner = Static<typeof Owner>;

export const VideoItem = Type.Object({
  _id: Id,
  title: Type.String(),
  description: Type.String(),
  thumbnail: Type.String(),
  thumbnailSizes: ImageSizes,
  videoFile: Type.String(),
  /** Seconds, as read by ffprobe. */
  duration: Type.Number(),
  views: Type.Integer(),
  isPublished: Type.Boolean(),
  tags: Type.Array(Type.String()),
  createdAt: DateString,
  owner: Owner,
});
export type VideoItem = Static<typeof VideoItem>;

export const Comment = Type.Object({
  _id: Id,
  content: Type.String(),
  createdAt: DateString,
  updatedAt: DateString,
  owner: Owner,
});
export type Comment = Static<typeof Comment>;
