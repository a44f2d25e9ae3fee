/** The tweets machine's input, context, events and emissions (tweets.machine.ts). */
import type { Tweet } from '../contract/tweets.js';

export interface TweetsInput {
  userId: string;
}

export interface TweetList {
  tweets: Tweet[];
  /** All of the user's tweets (the count the tab shows), not only those fetched. */
  total: number;
}

export interface TweetsContext extends TweetList {
  userId: string;
  /** The new tweet's text as typed. */
  draft: string;
  /** The tweet whose edit box is open, with its text as typed. */
  editing: { tweetId: string; text: string } | null;
  /** The tweet being saved or deleted. */
  pendingId: string | null;
  error: string | null;
}

export type TweetsEvent =
  /** The new tweet's textarea changed. */
  | { type: 'TYPE'; text: string }
  /** The Tweet button. */
  | { type: 'POST' }
  /** Edit on one's own tweet: open its edit box with its content. */
  | { type: 'START_EDIT'; tweetId: string }
  /** The edit box's text changed. */
  | { type: 'EDIT_TEXT'; text: string }
  /** Close the edit box without saving. */
  | { type: 'CANCEL_EDIT' }
  /** Save the edit box. */
  | { type: 'SAVE_EDIT' }
  /** Delete one's own tweet. */
  | { type: 'DELETE'; tweetId: string }
  /** Fetch the list again (Retry after a failure, or another screen changed it). */
  | { type: 'RELOAD' };

export type TweetsEmitted =
  | { type: 'posted' }
  | { type: 'updated' }
  | { type: 'deleted' }
  | { type: 'invalid'; message: string }
  | { type: 'failed'; message: string };
