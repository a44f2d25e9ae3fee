/**
 * The live connection (issue 23): one Server-Sent Events stream per signed-in tab, kept open
 * through network changes, that tells the bell and the watch page when to re-read.
 *
 * Input:   { videoId } — the video whose watch page is open (its new comments arrive too).
 * Events:  OPENED · DROPPED · MESSAGE { name, data } (from the stream) · WENT_OFFLINE ·
 *          WENT_ONLINE (the browser's online/offline events) · WATCH { videoId } (the watch page
 *          opened or left; null for none)
 * Actors:  authorize — no input, no output: an authenticated call that refreshes the session
 *          first when its access token expired (EventSource cannot, and cannot see a 401);
 *          stream — input { videoId }: opens the stream, sends OPENED, MESSAGE and DROPPED back.
 * Emitted: resync — the stream is live again, anything may have been missed: re-read;
 *          notificationsChanged · commentAdded { videoId, commentId, parentId } · commentsStale { videoId }
 *
 * Choices where the spec is silent (also in docs/notifications.md):
 * - Reconnecting waits 1 s, then twice as long after each failure, at most 30 s; being live again
 *   starts over at 1 s. The browser's own EventSource retry is not used (it gives up for good on
 *   an HTTP error such as a 401 and cannot back off).
 * - Offline (the browser says so) nothing is tried; back online, it connects at once.
 * - A new watched video opens a new stream (the server knows what a stream watches from its URL,
 *   so any replica can serve it); while not connected the video is only remembered.
 */
import { assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LiveCommentEvent } from '../contract/live-events.js';

export const LIVE_BACKOFF_FIRST_MS = 1000;
export const LIVE_BACKOFF_MAX_MS = 30_000;

export interface LiveConnectionInput {
  videoId: string | null;
}

export interface LiveConnectionContext {
  videoId: string | null;
  /** Failed attempts since the stream was last live. */
  attempts: number;
}

/** What the stream sends back to the machine. */
export type LiveStreamEvent =
  /** The stream's response arrived: events flow from now on. */
  | { type: 'OPENED' }
  /** The stream failed or ended (network, server restart, 401, 429). */
  | { type: 'DROPPED' }
  /** One server-sent event: its name and its data (JSON text). */
  | { type: 'MESSAGE'; name: string; data: string };

export type LiveConnectionEvent =
  | LiveStreamEvent
  /** The browser lost its network (window 'offline'). */
  | { type: 'WENT_OFFLINE' }
  /** The browser has a network again (window 'online'). */
  | { type: 'WENT_ONLINE' }
  /** The watch page of `videoId` opened (or, with null, closed). */
  | { type: 'WATCH'; videoId: string | null };

export type LiveConnectionEmitted =
  | { type: 'resync' }
  | { type: 'notificationsChanged' }
  | ({ type: 'commentAdded' } & LiveCommentEvent)
  | { type: 'commentsStale'; videoId: string };

/** The wait before attempt n + 1 after n failures: 1 s, 2 s, 4 s … 30 s. */
export function backoffMs(attempts: number): number {
  return Math.min(LIVE_BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1), LIVE_BACKOFF_MAX_MS);
}

/** The machine's event for one server-sent message; unknown or malformed ones are dropped. */
export function toEmitted(name: string, data: string): LiveConnectionEmitted | null {
  let payload: Record<string, unknown> = {};
  try {
    payload = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (name === 'notifications') return { type: 'notificationsChanged' };
  const { videoId, commentId, parentId } = payload;
  if (name === 'comment' && typeof videoId === 'string' && typeof commentId === 'string') {
    // Issue 33: a reply names its thread; a server without threads sends no parentId.
    return {
      type: 'commentAdded',
      videoId,
      commentId,
      parentId: typeof parentId === 'string' ? parentId : null,
    };
  }
  if (name === 'comments' && typeof videoId === 'string') return { type: 'commentsStale', videoId };
  return null;
}

export const liveConnectionMachine = setup({
  types: {
    context: {} as LiveConnectionContext,
    events: {} as LiveConnectionEvent,
    input: {} as LiveConnectionInput,
    emitted: {} as LiveConnectionEmitted,
  },
  actors: {
    authorize: fromPromise<void>(() => {
      throw new Error('authorize actor not provided');
    }),
    stream: fromCallback<LiveConnectionEvent, { videoId: string | null }>(() => {
      throw new Error('stream actor not provided');
    }),
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempts),
  },
  actions: {
    rememberVideo: assign((_, videoId: string | null) => ({ videoId })),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    resetAttempts: assign({ attempts: 0 }),
    announceResync: emit({ type: 'resync' as const }),
    relay: emit(
      (_, { name, data }: { name: string; data: string }) =>
        toEmitted(name, data) as LiveConnectionEmitted,
    ),
  },
  guards: {
    // Unknown names and malformed data change nothing (a newer server may send more).
    isKnown: (_, { name, data }: { name: string; data: string }) => toEmitted(name, data) !== null,
  },
}).createMachine({
  id: 'live',
  context: ({ input }) => ({ videoId: input.videoId, attempts: 0 }),
  initial: 'connecting',
  on: {
    WENT_OFFLINE: '.offline',
    WATCH: { actions: { type: 'rememberVideo', params: ({ event }) => event.videoId } },
  },
  states: {
    connecting: {
      invoke: {
        id: 'authorize',
        src: 'authorize',
        onDone: 'open',
        onError: 'reconnecting',
      },
    },
    open: {
      invoke: {
        id: 'stream',
        src: 'stream',
        input: ({ context }) => ({ videoId: context.videoId }),
      },
      initial: 'opening',
      on: {
        DROPPED: 'reconnecting',
        WATCH: {
          target: 'open',
          reenter: true,
          actions: { type: 'rememberVideo', params: ({ event }) => event.videoId },
        },
      },
      states: {
        opening: { on: { OPENED: 'live' } },
        live: {
          entry: ['resetAttempts', 'announceResync'],
          on: {
            MESSAGE: {
              guard: { type: 'isKnown', params: ({ event }) => event },
              actions: { type: 'relay', params: ({ event }) => event },
            },
          },
        },
      },
    },
    reconnecting: {
      entry: 'countAttempt',
      after: { backoff: 'connecting' },
    },
    offline: {
      on: { WENT_ONLINE: 'connecting' },
    },
  },
});

export type LiveConnectionSnapshot = SnapshotFrom<typeof liveConnectionMachine>;

/** What the bell may say about the connection (it shows nothing while it works). */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';
export const selectLiveStatus = (s: LiveConnectionSnapshot): LiveStatus =>
  s.matches({ open: 'live' })
    ? 'live'
    : s.matches('reconnecting')
      ? 'reconnecting'
      : s.matches('offline')
        ? 'offline'
        : 'connecting';
