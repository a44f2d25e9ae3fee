import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Tweet } from '../../contract/tweets.js';
import { tweetsMachine } from '../../machines/tweets.machine.js';
import { selectDraft, selectTotal, selectTweets } from '../../machines/tweets.selectors.js';
import type { TweetList } from '../../machines/tweets.types.js';
import { describeModel } from '../support/model-vitest.js';
import { settle } from './video-fixtures.js';
import { makeTweet, model } from './tweets.model.js';

describeModel(model);

/** The machine over a fake tweets API holding `stored` (newest first). */
function open(stored: Tweet[]) {
  const sent: string[] = [];
  const actors = {
    fetchTweets: fromPromise<TweetList, { userId: string }>(async () => ({
      tweets: [...stored],
      total: stored.length,
    })),
    postTweet: fromPromise<Tweet, { content: string }>(async ({ input }) => {
      sent.push(input.content);
      const tweet = makeTweet(stored.length + 10, { content: input.content });
      stored.unshift(tweet);
      return tweet;
    }),
    updateTweet: fromPromise<Tweet, { tweetId: string; content: string }>(async ({ input }) => {
      const tweet = stored.find((t) => t._id === input.tweetId)!;
      tweet.content = input.content;
      return { ...tweet };
    }),
    deleteTweet: fromPromise<void, { tweetId: string }>(async ({ input }) => {
      stored.splice(
        stored.findIndex((t) => t._id === input.tweetId),
        1,
      );
    }),
  };
  const actor = createActor(tweetsMachine.provide({ actors }), { input: { userId: 'u' } }).start();
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  return { actor, sent, emitted };
}

describe('tweets', () => {
  it('posts the trimmed text, clears the box and shows the reloaded list with the new tweet on top', async () => {
    const { actor, sent, emitted } = open([makeTweet(1)]);
    await settle();
    actor.send({ type: 'TYPE', text: '  First post  ' });
    actor.send({ type: 'POST' });
    await settle();
    await settle();
    expect(sent).toEqual(['First post']);
    expect(emitted).toEqual(['posted']);
    expect(selectDraft(actor.getSnapshot())).toBe('');
    expect(selectTweets(actor.getSnapshot()).map((t) => t.content)).toEqual([
      'First post',
      'Tweet 1',
    ]);
    expect(selectTotal(actor.getSnapshot())).toBe(2);
  });

  it('sends nothing for blank text, whether posting or editing', async () => {
    const { actor, sent, emitted } = open([makeTweet(1)]);
    await settle();
    actor.send({ type: 'TYPE', text: '   ' });
    actor.send({ type: 'POST' });
    actor.send({ type: 'START_EDIT', tweetId: 't1' });
    actor.send({ type: 'EDIT_TEXT', text: ' ' });
    actor.send({ type: 'SAVE_EDIT' });
    await settle();
    expect(sent).toEqual([]);
    expect(emitted).toEqual(['invalid', 'invalid']);
    expect(selectTweets(actor.getSnapshot())[0]?.content).toBe('Tweet 1');
  });

  it('edits in place and deletes by id', async () => {
    const { actor, emitted } = open([makeTweet(2), makeTweet(1)]);
    await settle();
    actor.send({ type: 'START_EDIT', tweetId: 't1' });
    actor.send({ type: 'EDIT_TEXT', text: 'Better words' });
    actor.send({ type: 'SAVE_EDIT' });
    await settle();
    actor.send({ type: 'DELETE', tweetId: 't2' });
    await settle();
    expect(emitted).toEqual(['updated', 'deleted']);
    expect(selectTweets(actor.getSnapshot()).map((t) => t.content)).toEqual(['Better words']);
    expect(selectTotal(actor.getSnapshot())).toBe(1);
  });
});
