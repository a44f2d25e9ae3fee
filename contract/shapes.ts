/**
 * The entity shapes of API.md ("Shapes used below"). Field names and spellings are part of the
 * contract that existing clients rely on: keep them exactly.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateString, Id } from './common.js';
import { Visibility } from './video-visibility.js';

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
  /** Issue 34 (contract/video-visibility.ts): public, unlisted or private; isPublished means public. */
  visibility: Type.Optional(Visibility),
  /** Issue 34: a scheduled video's publication time; null when none. */
  publishAt: Type.Optional(Type.Union([DateString, Type.Null()])),
  tags: Type.Array(Type.String()),
  createdAt: DateString,
  owner: Owner,
});
export type VideoItem = Static<typeof VideoItem>;

/**
 * A comment or a reply. API.md's fields first (content, owner and the dates); the rest is issue 33's
 * conversation, additions that older clients ignore (contract/conversation.ts describes them).
 */
export const Comment = Type.Object({
  _id: Id,
  /** '' when `deleted`: the author or the creator deleted it, and it stays for its replies. */
  content: Type.String(),
  createdAt: DateString,
  updatedAt: DateString,
  owner: Owner,
  videoId: Id,
  /** The comment whose thread this reply is in; null for a comment (replies nest one level). */
  parentId: Type.Union([Id, Type.Null()]),
  /** Whom a reply answers (the author of the comment or reply it was written under). */
  replyTo: Type.Union([Type.Object({ _id: Id, userName: Type.String() }), Type.Null()]),
  /** Published replies under a comment (0 for a reply), as the thread's "N replies" counts them. */
  replyCount: Type.Integer(),
  likeCount: Type.Integer(),
  likedByUser: Type.Boolean(),
  /** Pinned by the video's creator: first in both sorts (one per video, comments only). */
  pinned: Type.Boolean(),
  /** Hearted by the video's creator ("♥ by the creator"). */
  hearted: Type.Boolean(),
  /** Deleted, kept in place as "Comment deleted" because replies remain under it. */
  deleted: Type.Boolean(),
  /**
   * published: everyone sees it. held: it contains a word of the channel's held list and waits for
   * the creator's review; only its author (and the creator, in the review queue) sees it. blocked:
   * its author is blocked from commenting on the channel; only its author sees it.
   */
  status: Type.Union([Type.Literal('published'), Type.Literal('held'), Type.Literal('blocked')]),
});
export type Comment = Static<typeof Comment>;
