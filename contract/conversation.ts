/**
 * Issue 33, an addition to API.md: the conversation under a video. Replies one level deep, the
 * creator's hand (pin, heart, delete any comment on their videos, comments off, held words with a
 * review queue, blocked users), all checked on the server for ownership. Comment likes go through
 * API.md's `POST /likes/toggle/c/{commentId}`; the comment list's `sort` is in engagement.ts.
 *
 * Routes (all signed in; a video or comment the caller may not see is 404, another creator's 403):
 *   GET    /comments/c/{commentId}/replies?page&limit   ReplyList, oldest first
 *   POST   /comments/c/{commentId}/replies              ReplyBody → 201 Comment. Under a reply it
 *          joins that reply's thread and answers its author (`replyTo`); comments off → 403,
 *          a deleted, held or blocked comment → 404, a blocked author → 403.
 *   PATCH  /comments/c/{commentId}                       (API.md) own comment or reply; "(edited)"
 *   DELETE /comments/c/{commentId}                       own, or any on the caller's videos; one
 *          with replies stays as `deleted` ("Comment deleted") while its replies remain
 *   PUT    /comments/c/{commentId}/pin  · DELETE …/pin   PinState (creator; comments, not replies)
 *   PUT    /comments/c/{commentId}/heart · DELETE …/heart HeartState (creator)
 *   POST   /comments/c/{commentId}/approve               Comment, now published (creator; held)
 *   PATCH  /comments/{videoId}/settings                  CommentSettingsBody → CommentSettings
 *   GET    /comments/moderation/held?page&limit          HeldCommentList, the caller's channel
 *   GET    /comments/moderation/words                    HeldWords
 *   PUT    /comments/moderation/words                    HeldWordsBody → HeldWords (the whole list)
 *   GET    /comments/moderation/blocked?page&limit       BlockedUserList
 *   PUT    /comments/moderation/blocked/{userId}         BlockState (not oneself: 400)
 *   DELETE /comments/moderation/blocked/{userId}         BlockState
 */
import { Type, type Static } from '@sinclair/typebox';
import { ClosedBody, DateString, Id, PageQuery } from './common.js';
import { TEXT_RULES } from './field-rules.js';
import { CONVERSATION, PAGE_SIZE } from './limits.js';
import { Comment, ImageSizes, Owner } from './shapes.js';

export const RepliesQuery = PageQuery(PAGE_SIZE.replies);
export type RepliesQuery = Static<typeof RepliesQuery>;

export const ReplyList = Type.Object({
  /** The thread's replies the caller sees, oldest first. */
  replies: Type.Array(Comment),
  /** How many replies the list pages over. */
  totalReplies: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type ReplyList = Static<typeof ReplyList>;

/** 1…2000 characters after trimming, as a comment. */
export const ReplyBody = ClosedBody(Type.Object({ content: Type.String(TEXT_RULES.comment) }));
export type ReplyBody = Static<typeof ReplyBody>;

/** The video's pinned comment after the call (null: none). */
export const PinState = Type.Object({ pinnedCommentId: Type.Union([Id, Type.Null()]) });
export type PinState = Static<typeof PinState>;

export const HeartState = Type.Object({ hearted: Type.Boolean() });
export type HeartState = Static<typeof HeartState>;

export const CommentSettingsBody = ClosedBody(Type.Object({ commentsOff: Type.Boolean() }));
export type CommentSettingsBody = Static<typeof CommentSettingsBody>;
export const CommentSettings = Type.Object({ commentsOff: Type.Boolean() });
export type CommentSettings = Static<typeof CommentSettings>;

/** A held comment in the creator's review queue, with the video it is under. */
export const HeldComment = Type.Object({
  comment: Comment,
  video: Type.Object({
    _id: Id,
    title: Type.String(),
    thumbnail: Type.String(),
    thumbnailSizes: ImageSizes,
  }),
});
export type HeldComment = Static<typeof HeldComment>;

export const HeldCommentsQuery = PageQuery(PAGE_SIZE.heldComments);
export type HeldCommentsQuery = Static<typeof HeldCommentsQuery>;

/** Oldest first: the queue is worked from its front. */
export const HeldCommentList = Type.Object({
  held: Type.Array(HeldComment),
  totalHeld: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type HeldCommentList = Static<typeof HeldCommentList>;

const { heldWords } = CONVERSATION;
/** One held word or phrase; stored trimmed and lower-cased, duplicates dropped. */
export const HeldWord = Type.String({
  minLength: heldWords.wordMin,
  maxLength: heldWords.wordMax,
});
export const HeldWordsBody = ClosedBody(
  Type.Object({ words: Type.Array(HeldWord, { maxItems: heldWords.max }) }),
);
export type HeldWordsBody = Static<typeof HeldWordsBody>;
/** The channel's list, alphabetical. */
export const HeldWords = Type.Object({ words: Type.Array(Type.String()) });
export type HeldWords = Static<typeof HeldWords>;

export const BlockedUser = Type.Object({ user: Owner, blockedAt: DateString });
export type BlockedUser = Static<typeof BlockedUser>;

export const BlockedUsersQuery = PageQuery(PAGE_SIZE.blockedUsers);
export type BlockedUsersQuery = Static<typeof BlockedUsersQuery>;

/** Most recently blocked first. */
export const BlockedUserList = Type.Object({
  users: Type.Array(BlockedUser),
  totalUsers: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type BlockedUserList = Static<typeof BlockedUserList>;

export const UserIdParams = Type.Object({ userId: Id });
export const BlockState = Type.Object({ blocked: Type.Boolean() });
export type BlockState = Static<typeof BlockState>;
