/** Contract of API.md's likes, comments and subscriptions calls. */
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageQuery, ClosedBody } from './common.js';
import { TEXT_RULES } from './field-rules.js';
import { PAGE_SIZE } from './limits.js';
import { Comment, ImageSizes } from './shapes.js';

export const LikeStatus = Type.Object({ likeCount: Type.Integer(), likedByUser: Type.Boolean() });
export type LikeStatus = Static<typeof LikeStatus>;

export const LikeToggle = Type.Object({ liked: Type.Boolean(), likeCount: Type.Integer() });
export type LikeToggle = Static<typeof LikeToggle>;

export const CommentIdParams = Type.Object({ commentId: Id });
export const TweetIdParams = Type.Object({ tweetId: Id });
export const ChannelIdParams = Type.Object({ channelId: Id });

/**
 * `sort` (issue 33): newest (the default, API.md's order) or top (likes, replies, recency and the
 * creator's heart). Either way the pinned comment comes first on page 1, beyond `limit`.
 */
export const CommentsQuery = Type.Intersect([
  PageQuery(PAGE_SIZE.comments),
  Type.Object({
    sort: Type.Union([Type.Literal('newest'), Type.Literal('top')], { default: 'newest' }),
  }),
]);
export type CommentsQuery = Static<typeof CommentsQuery>;
export type CommentSort = CommentsQuery['sort'];

export const CommentList = Type.Object({
  /** The video's comments (not replies) the caller sees, in the asked order. */
  comments: Type.Array(Comment),
  /** How many comments (not replies) the list pages over: its has-more count (spec §3). */
  totalComments: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  /** Issue 33: published comments and replies together, the count the heading shows. */
  commentAndReplyCount: Type.Integer(),
  /** Issue 33: the creator turned comments off; the list stays, adding and replying are refused. */
  commentsOff: Type.Boolean(),
  /** Issue 33: the caller is the video's creator (pin, heart, delete any, block, comments off). */
  canModerate: Type.Boolean(),
});
export type CommentList = Static<typeof CommentList>;

/** 1…2000 characters; the server trims the text before it checks these bounds. */
export const CommentBody = ClosedBody(
  Type.Object({
    content: Type.String(TEXT_RULES.comment),
  }),
);
export type CommentBody = Static<typeof CommentBody>;

export const SubscriptionToggle = Type.Object({
  subscribed: Type.Boolean(),
  subscriberCount: Type.Integer(),
});
export type SubscriptionToggle = Static<typeof SubscriptionToggle>;

export const SubscribersQuery = PageQuery(PAGE_SIZE.subscribers);
export type SubscribersQuery = Static<typeof SubscribersQuery>;

/** A subscriber of a channel; `isSubscribed` says whether the caller subscribes to that user. */
export const ChannelSubscriber = Type.Object({
  _id: Id,
  userName: Type.String(),
  fullName: Type.String(),
  avatar: Type.String(),
  avatarSizes: ImageSizes,
  subscriberCount: Type.Integer(),
  isSubscribed: Type.Boolean(),
});
export type ChannelSubscriber = Static<typeof ChannelSubscriber>;

/** A channel the caller subscribes to (the field is `subscribers`, as API.md spells it). */
export const SubscribedChannel = Type.Object({
  _id: Id,
  userName: Type.String(),
  fullName: Type.String(),
  avatar: Type.String(),
  avatarSizes: ImageSizes,
  subscribers: Type.Integer(),
  description: Type.String(),
});
export type SubscribedChannel = Static<typeof SubscribedChannel>;
