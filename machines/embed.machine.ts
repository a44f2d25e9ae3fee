/**
 * The embeddable player's page (issue 34, /embed/{id}): reads the video without a session, then
 * plays it. A video it may not show (missing, private, scheduled) is "Video unavailable"; a
 * failure of the network is said with Retry, as other pages do.
 *
 * Input:   { videoId }
 * Events:  RETRY
 * Actor:   fetchEmbed (contract/embed.ts's read)
 * Chart:   loading → ready | unavailable (a 404) | failed —RETRY→ loading
 */
import { assign, fromPromise, setup } from 'xstate';
import { EMBED_UNAVAILABLE, type EmbedVideo } from '../contract/embed.js';

export const EMBED_MESSAGES = {
  unavailable: EMBED_UNAVAILABLE,
  failed: 'Could not load the video.',
} as const;

/** What fetchEmbed throws for a video the embed may not show (the server's 404). */
export interface EmbedFetchError {
  status?: number;
}

export const embedMachine = setup({
  types: {
    context: {} as { videoId: string; video: EmbedVideo | null },
    /** RETRY: the viewer pressed Retry after a failure. */
    events: {} as { type: 'RETRY' },
    input: {} as { videoId: string },
  },
  actors: {
    fetchEmbed: fromPromise<EmbedVideo, { videoId: string }>(() => {
      throw new Error('provide fetchEmbed');
    }),
  },
  guards: {
    isUnavailable: ({ event }) => (event as { error?: EmbedFetchError }).error?.status === 404,
  },
}).createMachine({
  id: 'embed',
  context: ({ input }) => ({ videoId: input.videoId, video: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchEmbed',
        src: 'fetchEmbed',
        input: ({ context }) => ({ videoId: context.videoId }),
        onDone: { target: 'ready', actions: assign({ video: ({ event }) => event.output }) },
        onError: [{ guard: 'isUnavailable', target: 'unavailable' }, { target: 'failed' }],
      },
    },
    ready: { type: 'final' },
    unavailable: { type: 'final' },
    failed: { on: { RETRY: 'loading' } },
  },
});

export type EmbedSnapshot = ReturnType<typeof embedMachine.getInitialSnapshot>;
export const selectEmbedVideo = (s: EmbedSnapshot) => (s.matches('ready') ? s.context.video : null);
export const selectEmbedMessage = (s: EmbedSnapshot) =>
  s.matches('unavailable')
    ? EMBED_MESSAGES.unavailable
    : s.matches('failed')
      ? EMBED_MESSAGES.failed
      : null;
