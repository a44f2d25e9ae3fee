/** What the Tweets tab and the dashboard's tweets read from the machine's snapshot (tweets.machine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { tweetsMachine } from './tweets.machine.js';
import { isTweetTooLong } from './tweet-text.js';

export type TweetsSnapshot = SnapshotFrom<typeof tweetsMachine>;

export const selectTweets = (s: TweetsSnapshot) => s.context.tweets;
export const selectTotal = (s: TweetsSnapshot) => s.context.total;
export const selectDraft = (s: TweetsSnapshot) => s.context.draft;
export const selectEditing = (s: TweetsSnapshot) => s.context.editing;
export const selectPendingId = (s: TweetsSnapshot) => s.context.pendingId;
/** The first fetch runs (a reload after a post keeps the list on screen). */
export const selectIsLoadingFirst = (s: TweetsSnapshot) =>
  s.matches('loading') && s.context.tweets.length === 0;
export const selectHasFailed = (s: TweetsSnapshot) => s.matches('failed');
export const selectError = (s: TweetsSnapshot) => s.context.error;
export const selectIsEmpty = (s: TweetsSnapshot) =>
  s.matches('ready') && s.context.tweets.length === 0;
export const selectIsBusy = (s: TweetsSnapshot) => s.hasTag('busy');
/** Posting and saving are taken now (a load or another request is not running). */
export const selectIsReady = (s: TweetsSnapshot) => s.matches('ready');
export const selectIsPosting = (s: TweetsSnapshot) => s.matches('posting');
/** The Tweet button works: text is typed, not over the limit, and nothing else runs. */
export const selectCanPost = (s: TweetsSnapshot) =>
  s.matches('ready') && s.context.draft.trim() !== '' && !isTweetTooLong(s.context.draft);
