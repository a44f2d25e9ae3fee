/**
 * How long a tweet is, as the server counts it (contract/field-rules.ts: characters, that is code
 * points, after trimming), and what the boxes say about it. The Tweet and Save buttons wait while
 * a text is too long, and the counter beside the box says so, instead of the box cutting pasted
 * text silently at the limit (issue 22).
 */
import { ruleSentence } from '../contract/field-messages.js';
import { TEXT_RULES } from '../contract/field-rules.js';
import { textLength } from './text-check.js';

export const TWEET_MAX = TEXT_RULES.tweet.maxLength;

/** "Tweet can be at most 280 characters": the words the server would answer with. */
export const TWEET_TOO_LONG = ruleSentence(
  'content',
  'maxLength',
  { limit: TWEET_MAX },
  TEXT_RULES.tweet.title,
);

export const tweetLength = (text: string) => textLength(text.trim());
export const isTweetTooLong = (text: string) => tweetLength(text) > TWEET_MAX;

/** What the counter beside a tweet box shows: "12 / 280", and the refusal once over. */
export function tweetCounter(text: string) {
  const length = tweetLength(text);
  const over = length > TWEET_MAX;
  return { length, max: TWEET_MAX, over, problem: over ? TWEET_TOO_LONG : null };
}
