/**
 * One dashboard row's conversion to adaptive streaming (issue 12): while the video is processing
 * it asks the server every PROCESSING_POLL_MS, stops once the video is ready or failed, and tells
 * the view when it became ready while the page is open; a failed one can be retried.
 *
 * Input:   { videoId }
 * Events:  SHOW { processing } — the state the creator's list answered for this row (the first
 *          thing the view sends); RETRY — the creator's Retry on a failed conversion.
 * Actors:  fetchProcessing — input { videoId }, output VideoProcessing (GET …/processing)
 *          retryProcessing — input { videoId }, output VideoProcessing (POST …/processing/retry)
 * Emitted: ready { processing } — a conversion this page watched has finished (the view toasts).
 *
 * Choices where the spec is silent (also in docs/decisions.md):
 * - A failed poll is not shown: the last known progress stays and the next try waits
 *   RETRY_DELAY_MS, as the pager does; the row only changes on an answer.
 * - A failed Retry keeps the row failed and shows why (e.g. someone else retried: 409).
 * - `ready` is emitted only for a change seen by polling, never for a video listed as ready.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { VideoProcessing } from '../contract/processing.js';
import { RETRY_DELAY_MS } from './constants.js';
import { errorMessage } from './validation.js';

/**
 * How often a running conversion is asked about (ours; kept here, not in constants.ts, which the
 * first page's chunk carries).
 */
export const PROCESSING_POLL_MS = 3000;

export interface ProcessingStatusInput {
  videoId: string;
}

export interface ProcessingStatusContext {
  videoId: string;
  /** The last state the server gave; null until SHOW. */
  processing: VideoProcessing | null;
  /** Why the last Retry was refused; null otherwise. */
  retryError: string | null;
}

export type ProcessingStatusEvent =
  { type: 'SHOW'; processing: VideoProcessing } | { type: 'RETRY' };

export type ProcessingStatusEmitted = { type: 'ready'; processing: VideoProcessing };

export const RETRY_FAILED = 'Could not restart the conversion. Please try again.';

type ProcessingAnswer = { processing: VideoProcessing };

export const processingStatusMachine = setup({
  types: {
    context: {} as ProcessingStatusContext,
    events: {} as ProcessingStatusEvent,
    input: {} as ProcessingStatusInput,
    emitted: {} as ProcessingStatusEmitted,
  },
  actors: {
    fetchProcessing: fromPromise<VideoProcessing, { videoId: string }>(() => {
      throw new Error('fetchProcessing actor not provided');
    }),
    retryProcessing: fromPromise<VideoProcessing, { videoId: string }>(() => {
      throw new Error('retryProcessing actor not provided');
    }),
  },
  delays: { poll: PROCESSING_POLL_MS, retryDelay: RETRY_DELAY_MS },
  guards: {
    isReady: (_, { processing }: ProcessingAnswer) => processing.state === 'ready',
    isFailed: (_, { processing }: ProcessingAnswer) => processing.state === 'failed',
  },
  actions: {
    keep: assign((_, { processing }: ProcessingAnswer) => ({ processing, retryError: null })),
    announceReady: emit((_, { processing }: ProcessingAnswer) => ({
      type: 'ready' as const,
      processing,
    })),
    setRetryError: assign((_, retryError: string) => ({ retryError })),
  },
}).createMachine({
  id: 'processingStatus',
  context: ({ input }) => ({ videoId: input.videoId, processing: null, retryError: null }),
  initial: 'unknown',
  states: {
    unknown: {
      on: {
        SHOW: [
          {
            guard: { type: 'isReady', params: ({ event }) => event },
            target: 'ready',
            actions: { type: 'keep', params: ({ event }) => event },
          },
          {
            guard: { type: 'isFailed', params: ({ event }) => event },
            target: 'failed',
            actions: { type: 'keep', params: ({ event }) => event },
          },
          { target: 'polling', actions: { type: 'keep', params: ({ event }) => event } },
        ],
      },
    },
    polling: {
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'fetching' } },
        fetching: {
          invoke: {
            id: 'fetchProcessing',
            src: 'fetchProcessing',
            input: ({ context }) => ({ videoId: context.videoId }),
            onDone: [
              {
                guard: { type: 'isReady', params: ({ event }) => ({ processing: event.output }) },
                target: '#processingStatus.ready',
                actions: [
                  { type: 'keep', params: ({ event }) => ({ processing: event.output }) },
                  { type: 'announceReady', params: ({ event }) => ({ processing: event.output }) },
                ],
              },
              {
                guard: { type: 'isFailed', params: ({ event }) => ({ processing: event.output }) },
                target: '#processingStatus.failed',
                actions: { type: 'keep', params: ({ event }) => ({ processing: event.output }) },
              },
              {
                target: 'waiting',
                actions: { type: 'keep', params: ({ event }) => ({ processing: event.output }) },
              },
            ],
            onError: 'backingOff',
          },
        },
        backingOff: { after: { retryDelay: 'fetching' } },
      },
    },
    failed: { on: { RETRY: 'retrying' } },
    retrying: {
      invoke: {
        id: 'retryProcessing',
        src: 'retryProcessing',
        input: ({ context }) => ({ videoId: context.videoId }),
        onDone: {
          target: 'polling',
          actions: { type: 'keep', params: ({ event }) => ({ processing: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setRetryError',
            params: ({ event }) => errorMessage(event.error, RETRY_FAILED),
          },
        },
      },
    },
    ready: { type: 'final' },
  },
});

export type ProcessingStatusSnapshot = SnapshotFrom<typeof processingStatusMachine>;

/** Selectors the row uses. */
export const selectProcessing = (s: ProcessingStatusSnapshot) => s.context.processing;
/** "Processing… n%": converting, or restarting after Retry. */
export const selectIsProcessing = (s: ProcessingStatusSnapshot) => s.matches('polling');
export const selectIsFailed = (s: ProcessingStatusSnapshot) =>
  s.matches('failed') || s.matches('retrying');
export const selectIsRetrying = (s: ProcessingStatusSnapshot) => s.matches('retrying');
export const selectRetryError = (s: ProcessingStatusSnapshot) => s.context.retryError;
