/**
 * A user's tweets (spec §2 Tweets tab, §4 Tweets, §5, §8): the channel's Tweets tab today, the
 * creator dashboard's tweets tab next (same input, events and actors; it adds nothing here).
 * Fetch replaces the list; posting is ignored when the text is blank, and on success the text is
 * cleared and the list reloaded; edit replaces the tweet; delete removes it.
 *
 * Input:   { userId } — whose tweets.
 * Events:  TYPE · POST · START_EDIT · EDIT_TEXT · CANCEL_EDIT · SAVE_EDIT · DELETE · RELOAD
 * Actors:  fetchTweets — input { userId }, output { tweets, total } (newest first)
 *          postTweet   — input { content }, output Tweet
 *          updateTweet — input { tweetId, content }, output Tweet
 *          deleteTweet — input { tweetId }, output void
 * Its input, context, events and emissions are in tweets.types.ts; what the views read, in
 * tweets.selectors.ts.
 * Emitted: posted · updated · deleted — the view toasts the spec's success texts;
 *          invalid { message } — blank text ('Tweet content is required!' when posting,
 *          'Tweet content cannot be empty' when editing), or text over the server's 280
 *          characters (TWEET_TOO_LONG, tweet-text.ts); nothing is sent;
 *          failed { message } — a post, edit or delete failed: the list is unchanged and the
 *          typed text stays (the spec only logs these; the view also tells the user).
 *
 * Choices where the spec is silent:
 * - Text is trimmed once, here, before it is sent (EXAMPLES rule 4).
 * - One edit box at a time; starting another edit replaces the first. While a post, edit or
 *   delete runs, other actions wait for it (their buttons are disabled), so the list never
 *   changes under a running request.
 * - A failed fetch shows its error with Retry (RELOAD); the list last fetched stays on screen.
 * - The tab shows the newest PAGE_SIZE.channelTweets (50, the API's largest page) with the count
 *   of all; paging further is left to a later change.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Tweet } from '../contract/tweets.js';
import { MESSAGES } from './messages.js';
import { isTweetTooLong, TWEET_TOO_LONG } from './tweet-text.js';
import type {
  TweetList,
  TweetsContext,
  TweetsEmitted,
  TweetsEvent,
  TweetsInput,
} from './tweets.types.js';
import { errorMessage } from './validation.js';

/** A post, edit or delete failed: the server's reason, or a general one. */
const failureOf = ({ event }: { event: { error: unknown } }) =>
  errorMessage(event.error, 'Tweet request failed');

export const tweetsMachine = setup({
  types: {
    input: {} as TweetsInput,
    context: {} as TweetsContext,
    events: {} as TweetsEvent,
    emitted: {} as TweetsEmitted,
  },
  actors: {
    fetchTweets: fromPromise<TweetList, { userId: string }>(() => {
      throw new Error('fetchTweets actor not provided');
    }),
    postTweet: fromPromise<Tweet, { content: string }>(() => {
      throw new Error('postTweet actor not provided');
    }),
    updateTweet: fromPromise<Tweet, { tweetId: string; content: string }>(() => {
      throw new Error('updateTweet actor not provided');
    }),
    deleteTweet: fromPromise<void, { tweetId: string }>(() => {
      throw new Error('deleteTweet actor not provided');
    }),
  },
  guards: {
    draftIsBlank: ({ context }) => context.draft.trim() === '',
    draftTooLong: ({ context }) => isTweetTooLong(context.draft),
    editIsBlank: ({ context }) => context.editing !== null && context.editing.text.trim() === '',
    editTooLong: ({ context }) => context.editing !== null && isTweetTooLong(context.editing.text),
    isEditing: ({ context }) => context.editing !== null,
  },
  actions: {
    setList: assign((_, list: TweetList) => ({
      tweets: list.tweets,
      total: list.total,
      error: null,
    })),
    setError: assign({ error: (_, message: string) => message }),
    setDraft: assign({ draft: (_, text: string) => text }),
    clearDraft: assign({ draft: '' }),
    openEdit: assign({
      editing: ({ context }, tweetId: string) => {
        const tweet = context.tweets.find((t) => t._id === tweetId);
        return tweet ? { tweetId, text: tweet.content } : context.editing;
      },
    }),
    setEditText: assign({
      editing: ({ context }, text: string) => context.editing && { ...context.editing, text },
    }),
    closeEdit: assign({ editing: null }),
    markPending: assign({ pendingId: (_, tweetId: string | null) => tweetId }),
    // Not an exit action: exit runs before the transition's actions, which still need the id.
    clearPending: assign({ pendingId: null }),
    replaceTweet: assign({
      tweets: ({ context }, tweet: Tweet) =>
        context.tweets.map((t) => (t._id === tweet._id ? { ...t, ...tweet } : t)),
    }),
    removePending: assign(({ context }) => ({
      tweets: context.tweets.filter((t) => t._id !== context.pendingId),
      total: Math.max(0, context.total - 1),
      // An open edit box of the deleted tweet has nothing left to save.
      editing: context.editing?.tweetId === context.pendingId ? null : context.editing,
    })),
    announce: emit((_, type: 'posted' | 'updated' | 'deleted') => ({ type })),
    announceInvalid: emit((_, message: string) => ({ type: 'invalid' as const, message })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'tweets',
  context: ({ input }) => ({
    userId: input.userId,
    tweets: [],
    total: 0,
    draft: '',
    editing: null,
    pendingId: null,
    error: null,
  }),
  on: {
    TYPE: { actions: { type: 'setDraft', params: ({ event }) => event.text } },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchTweets',
        src: 'fetchTweets',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'ready',
          actions: { type: 'setList', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => errorMessage(event.error, 'Failed to load tweets'),
          },
        },
      },
    },
    failed: {
      on: { RELOAD: 'loading' },
    },
    ready: {
      on: {
        RELOAD: 'loading',
        POST: [
          {
            guard: 'draftIsBlank',
            actions: { type: 'announceInvalid', params: MESSAGES.tweetContentRequired },
          },
          {
            guard: 'draftTooLong',
            actions: { type: 'announceInvalid', params: TWEET_TOO_LONG },
          },
          { target: 'posting' },
        ],
        START_EDIT: { actions: { type: 'openEdit', params: ({ event }) => event.tweetId } },
        EDIT_TEXT: { actions: { type: 'setEditText', params: ({ event }) => event.text } },
        CANCEL_EDIT: { actions: 'closeEdit' },
        SAVE_EDIT: [
          {
            guard: 'editIsBlank',
            actions: { type: 'announceInvalid', params: MESSAGES.tweetContentEmpty },
          },
          {
            guard: 'editTooLong',
            actions: { type: 'announceInvalid', params: TWEET_TOO_LONG },
          },
          { guard: 'isEditing', target: 'saving' },
        ],
        DELETE: {
          target: 'deleting',
          actions: { type: 'markPending', params: ({ event }) => event.tweetId },
        },
      },
    },
    posting: {
      tags: 'busy',
      invoke: {
        id: 'postTweet',
        src: 'postTweet',
        input: ({ context }) => ({ content: context.draft.trim() }),
        onDone: {
          target: 'loading',
          actions: ['clearDraft', { type: 'announce', params: 'posted' }],
        },
        onError: { target: 'ready', actions: { type: 'announceFailure', params: failureOf } },
      },
    },
    saving: {
      tags: 'busy',
      entry: { type: 'markPending', params: ({ context }) => context.editing?.tweetId ?? null },
      invoke: {
        id: 'updateTweet',
        src: 'updateTweet',
        input: ({ context }) => ({
          tweetId: context.editing?.tweetId ?? '',
          content: context.editing?.text.trim() ?? '',
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'replaceTweet', params: ({ event }) => event.output },
            'closeEdit',
            'clearPending',
            { type: 'announce', params: 'updated' },
          ],
        },
        onError: {
          target: 'ready',
          actions: ['clearPending', { type: 'announceFailure', params: failureOf }],
        },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteTweet',
        src: 'deleteTweet',
        input: ({ context }) => ({ tweetId: context.pendingId ?? '' }),
        onDone: {
          target: 'ready',
          actions: ['removePending', 'clearPending', { type: 'announce', params: 'deleted' }],
        },
        onError: {
          target: 'ready',
          actions: ['clearPending', { type: 'announceFailure', params: failureOf }],
        },
      },
    },
  },
});
