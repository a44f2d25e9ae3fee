import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Tweet } from '../../contract/tweets.js';
import { MESSAGES } from '../../machines/messages.js';
import { tweetsMachine } from '../../machines/tweets.machine.js';
import { TWEET_TOO_LONG } from '../../machines/tweet-text.js';
import {
  selectCanPost,
  selectDraft,
  selectEditing,
  selectHasFailed,
  selectIsBusy,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectTotal,
  selectTweets,
  type TweetsSnapshot,
} from '../../machines/tweets.selectors.js';
import type { Fixtures, Model } from '../support/model.js';

const userId = 'u_olive';
const owner = { _id: userId, userName: 'olive', fullName: 'Olive Owner', avatar: '' };

export function makeTweet(n: number, overrides: Partial<Tweet> = {}): Tweet {
  const at = new Date(Date.UTC(2026, 0, n)).toISOString();
  return {
    _id: `t${n}`,
    content: `Tweet ${n}`,
    createdAt: at,
    updatedAt: at,
    owner,
    likeCount: n,
    likedByUser: false,
    ...overrides,
  };
}

/** What the server holds: two tweets of seven in all (the list shows the newest). */
export const serverList = { tweets: [makeTweet(2), makeTweet(1)], total: 7 };
export const edited = makeTweet(2, { content: 'Edited', updatedAt: '2026-02-01T00:00:00.000Z' });
/** One character over the server's 280 (an emoji counts once, as the server counts it). */
const tooLong = ` ${'🎵'.repeat(281)} `;
const isLong = (text: string) => [...text.trim()].length > 280;
/** How a text looks to the chart: blank, fine, or too long. */
const kind = (text: string) => (text.trim() === '' ? 'blank' : isLong(text) ? 'long' : 'fine');

/** One fixture per event type and state, so the graph stays small: type text where it is blank. */
function events(snapshot: AnyMachineSnapshot): Fixtures {
  const s = snapshot as TweetsSnapshot;
  const draftBlank = s.context.draft.trim() === '';
  const editBlank = (s.context.editing?.text.trim() ?? '') === '';
  return {
    'xstate.done.actor.fetchTweets': [
      { type: 'xstate.done.actor.fetchTweets', output: serverList },
    ],
    'xstate.error.actor.fetchTweets': [
      { type: 'xstate.error.actor.fetchTweets', error: new Error('Network down') },
    ],
    'xstate.done.actor.postTweet': [
      { type: 'xstate.done.actor.postTweet', output: makeTweet(3, { content: 'Hello' }) },
    ],
    'xstate.error.actor.postTweet': [
      { type: 'xstate.error.actor.postTweet', error: new Error('Network down') },
    ],
    'xstate.done.actor.updateTweet': [{ type: 'xstate.done.actor.updateTweet', output: edited }],
    'xstate.error.actor.updateTweet': [
      { type: 'xstate.error.actor.updateTweet', error: new Error('Forbidden') },
    ],
    'xstate.done.actor.deleteTweet': [{ type: 'xstate.done.actor.deleteTweet', output: undefined }],
    'xstate.error.actor.deleteTweet': [
      { type: 'xstate.error.actor.deleteTweet', error: new Error('Forbidden') },
    ],
    TYPE: draftBlank
      ? [
          { type: 'TYPE', text: '  Hello  ' },
          { type: 'TYPE', text: tooLong },
        ]
      : [{ type: 'TYPE', text: '   ' }],
    EDIT_TEXT: editBlank
      ? [
          { type: 'EDIT_TEXT', text: ' Edited ' },
          { type: 'EDIT_TEXT', text: tooLong },
        ]
      : [{ type: 'EDIT_TEXT', text: '  ' }],
    START_EDIT: [{ type: 'START_EDIT', tweetId: 't2' }],
    DELETE: [{ type: 'DELETE', tweetId: 't2' }],
  };
}

export const model: Model<typeof tweetsMachine> = {
  name: 'tweets',
  machine: tweetsMachine,
  meaning: {
    loading: "the user's tweets are asked for; the list replaces what was shown",
    failed: 'the tab says the tweets could not be loaded and offers to try again',
    ready:
      'tweets and their count are listed; the box keeps what was typed; blank text or more than 280 characters sends nothing',
    posting: 'the trimmed text is sent as a new tweet; Tweet is disabled; then the list reloads',
    saving: 'the edited text is sent; on success that tweet is replaced in place',
    deleting: 'the tweet is deleted on the server; on success it leaves the list',
  },
  input: { userId },
  promiseActors: ['fetchTweets', 'postTweet', 'updateTweet', 'deleteTweet'],
  events,
  // The list only ever holds the server's two tweets, less t2 after a delete, t2 edited or not.
  serialize: (snapshot) => {
    const s = snapshot as TweetsSnapshot;
    const editing = s.context.editing;
    return JSON.stringify({
      value: s.value as unknown,
      ids: s.context.tweets.map((t) => `${t._id}:${t.content}`),
      draft: kind(s.context.draft),
      editing:
        editing && (kind(editing.text) === 'fine' ? editing.text.trim() : kind(editing.text)),
    });
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as TweetsSnapshot;
    const before = step.previous as TweetsSnapshot | undefined;
    const emitted = step.emitted.map((e) => e.type);
    expect(selectHasFailed(s)).toBe(s.matches('failed'));
    expect(selectIsBusy(s)).toBe(
      s.matches('posting') || s.matches('saving') || s.matches('deleting'),
    );
    expect(selectCanPost(s)).toBe(s.matches('ready') && kind(selectDraft(s)) === 'fine');
    expect(selectIsEmpty(s)).toBe(s.matches('ready') && selectTweets(s).length === 0);
    // Every fetch is for this user's tweets.
    for (const c of fakes.callsOf('fetchTweets')) expect(c.input).toEqual({ userId });

    switch (step.event.type) {
      case 'xstate.done.actor.fetchTweets':
        // Fetch replaces the list (and the count) with the server's.
        expect(selectTweets(s)).toEqual(serverList.tweets);
        expect(selectTotal(s)).toBe(serverList.total);
        break;
      case 'POST':
        if (before && selectDraft(before).trim() === '') {
          // Ignored when blank: nothing sent, the state stays.
          expect(s.value).toEqual(before.value);
          expect(step.emitted).toEqual([
            { type: 'invalid', message: MESSAGES.tweetContentRequired },
          ]);
        } else if (before && isLong(selectDraft(before))) {
          // Refused in words, not cut: the text stays as typed.
          expect(s.value).toEqual(before.value);
          expect(selectDraft(s)).toBe(tooLong);
          expect(step.emitted).toEqual([{ type: 'invalid', message: TWEET_TOO_LONG }]);
        } else {
          expect(s.matches('posting')).toBe(true);
          expect(fakes.lastInput('postTweet')).toEqual({ content: 'Hello' });
        }
        break;
      case 'xstate.done.actor.postTweet':
        // On success the textarea clears and the list reloads.
        expect(emitted).toEqual(['posted']);
        expect(selectDraft(s)).toBe('');
        expect(s.matches('loading')).toBe(true);
        expect(selectIsLoadingFirst(s)).toBe(selectTweets(s).length === 0);
        break;
      case 'SAVE_EDIT':
        if (before && (selectEditing(before)?.text.trim() ?? '') === '') {
          expect(s.value).toEqual(before.value);
          expect(step.emitted).toEqual(
            selectEditing(before) ? [{ type: 'invalid', message: MESSAGES.tweetContentEmpty }] : [],
          );
        } else if (isLong(selectEditing(before!)!.text)) {
          expect(s.value).toEqual(before!.value);
          expect(step.emitted).toEqual([{ type: 'invalid', message: TWEET_TOO_LONG }]);
        } else {
          const text = selectEditing(before!)!.text.trim();
          expect(fakes.lastInput('updateTweet')).toEqual({ tweetId: 't2', content: text });
        }
        break;
      case 'xstate.done.actor.updateTweet':
        // Edit replaces the tweet in place and closes the edit box.
        expect(emitted).toEqual(['updated']);
        expect(selectTweets(s).find((t) => t._id === 't2')?.content).toBe('Edited');
        expect(selectTweets(s).map((t) => t._id)).toEqual(selectTweets(before!).map((t) => t._id));
        expect(selectEditing(s)).toBeNull();
        break;
      case 'xstate.done.actor.deleteTweet':
        // Delete removes by id and the count follows.
        expect(emitted).toEqual(['deleted']);
        expect(fakes.lastInput('deleteTweet')).toEqual({ tweetId: 't2' });
        expect(selectTweets(s).some((t) => t._id === 't2')).toBe(false);
        expect(selectTotal(s)).toBe(selectTotal(before!) - 1);
        expect(selectEditing(s)?.tweetId).not.toBe('t2');
        break;
      case 'xstate.error.actor.postTweet':
      case 'xstate.error.actor.updateTweet':
      case 'xstate.error.actor.deleteTweet':
        // A failure changes nothing on screen, keeps typed text, and says so.
        expect(emitted).toEqual(['failed']);
        expect(selectTweets(s)).toEqual(selectTweets(before!));
        expect(selectDraft(s)).toBe(selectDraft(before!));
        expect(s.matches('ready')).toBe(true);
        break;
      case 'START_EDIT':
        if (selectTweets(s).some((t) => t._id === 't2')) {
          const tweet = selectTweets(s).find((t) => t._id === 't2')!;
          expect(selectEditing(s)).toEqual({ tweetId: 't2', text: tweet.content });
        }
        break;
      case 'CANCEL_EDIT':
        expect(selectEditing(s)).toBeNull();
        break;
    }
    if (s.matches('saving') || s.matches('deleting')) expect(s.context.pendingId).toBe('t2');
    // Nothing over the limit is ever sent.
    for (const c of [...fakes.callsOf('postTweet'), ...fakes.callsOf('updateTweet')]) {
      expect(isLong((c.input as { content: string }).content)).toBe(false);
    }
    if (s.matches('ready')) expect(s.context.pendingId).toBeNull();
  },
};
