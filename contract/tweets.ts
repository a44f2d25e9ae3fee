/**
 * Contract of API.md's Tweets calls:
 *   GET    /tweets/user/{userId}?page&limit   Tweet[] newest first (X-Total-Count: all of them)
 *   POST   /tweets                            content → Tweet (201)
 *   PATCH  /tweets/{tweetId}                  content → Tweet (owner only)
 *   DELETE /tweets/{tweetId}                  {} (owner only; its likes go too)
 * Likes of a tweet are toggled by POST /likes/toggle/t/{tweetId} (contract/engagement.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateString, Id, PageQuery, ClosedBody } from './common.js';
import { TEXT_RULES } from './field-rules.js';
import { LIMITS } from './limits.js';
import { Owner } from './shapes.js';

/** 1…280 characters after trimming (the server trims before the schema runs). */
export const TWEET_LIMITS = { content: LIMITS.tweet } as const;
export const TWEET_PAGE_SIZE = 20;

export const TweetUserParams = Type.Object({ userId: Id });
export const TweetsQuery = PageQuery(TWEET_PAGE_SIZE);
export type TweetsQuery = Static<typeof TweetsQuery>;

export const TweetBody = ClosedBody(
  Type.Object({
    content: Type.String(TEXT_RULES.tweet),
  }),
);
export type TweetBody = Static<typeof TweetBody>;

/** API.md's Tweet plus the like state the channel's Tweets tab shows (additions are allowed). */
export const Tweet = Type.Object({
  _id: Id,
  content: Type.String(),
  createdAt: DateString,
  updatedAt: DateString,
  owner: Owner,
  likeCount: Type.Integer(),
  likedByUser: Type.Boolean(),
});
export type Tweet = Static<typeof Tweet>;
