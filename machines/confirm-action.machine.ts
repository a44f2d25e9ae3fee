/**
 * The confirmation step of the dashboard's content tabs (spec §2 Dashboard, §4: publish/unpublish
 * and delete ask first). One actor per tab: a row's button sends ASK, the question dialog sends
 * CONFIRM or CANCEL, and only a confirmed action is run.
 *
 * Input:   none.
 * Events:  ASK { request } · CONFIRM · CANCEL
 * Actor:   perform — input ConfirmRequest, output the changed entity or nothing (the real one
 *          toggles publish, deletes the video or the playlist).
 * Emitted: done { request, result } (the tab updates or removes the row) · failed { request,
 *          message } (toast; the row stays as it was).
 *
 * Choices where the spec is silent: one question at a time (ASK while asking or running is
 * ignored, as the dialog covers the rows); the dialog stays open, busy, until the action settles.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { DASHBOARD_MESSAGES as M } from './dashboard-messages.js';
import { errorMessage } from './validation.js';

export type ConfirmAction = 'publish' | 'unpublish' | 'deleteVideo' | 'deletePlaylist';

export interface ConfirmRequest {
  action: ConfirmAction;
  /** The video's or playlist's id. */
  id: string;
}

export interface ConfirmTexts {
  /** The dialog's title names the action ("Delete video?"). */
  title: string;
  question: string;
  /** The confirming button names it too ("Delete"); red when the action destroys something. */
  confirmLabel: string;
  destructive: boolean;
  failed: string;
}

/** The dialog's texts and the failure text of each action (the spec words none of them). */
export const CONFIRM_TEXTS: Readonly<Record<ConfirmAction, ConfirmTexts>> = {
  publish: {
    title: 'Publish video?',
    question: M.confirmPublish,
    confirmLabel: 'Publish',
    destructive: false,
    failed: M.publishToggleFailed,
  },
  unpublish: {
    title: 'Unpublish video?',
    question: M.confirmUnpublish,
    confirmLabel: 'Unpublish',
    destructive: false,
    failed: M.publishToggleFailed,
  },
  deleteVideo: {
    title: 'Delete video?',
    question: M.confirmDeleteVideo,
    confirmLabel: 'Delete',
    destructive: true,
    failed: M.deleteVideoFailed,
  },
  deletePlaylist: {
    title: 'Delete playlist?',
    question: M.confirmDeletePlaylist,
    confirmLabel: 'Delete',
    destructive: true,
    failed: M.deletePlaylistFailed,
  },
};

export interface ConfirmContext {
  /** The action asked about or running; null when no question is open. */
  request: ConfirmRequest | null;
}

export type ConfirmEvent =
  /** A row's publish, unpublish or delete button. */
  | { type: 'ASK'; request: ConfirmRequest }
  /** Yes in the question dialog. */
  | { type: 'CONFIRM' }
  /** No, ×, Escape. */
  | { type: 'CANCEL' };

export type ConfirmEmitted =
  | { type: 'done'; request: ConfirmRequest; result: unknown }
  | { type: 'failed'; request: ConfirmRequest; message: string };

const noRequest: ConfirmRequest = { action: 'publish', id: '' };

export const confirmActionMachine = setup({
  types: {
    context: {} as ConfirmContext,
    events: {} as ConfirmEvent,
    emitted: {} as ConfirmEmitted,
  },
  actors: {
    perform: fromPromise<unknown, ConfirmRequest>(() => {
      throw new Error('perform actor not provided');
    }),
  },
  actions: {
    remember: assign({ request: (_, request: ConfirmRequest) => request }),
    forget: assign({ request: null }),
    announceDone: emit(({ context }, result: unknown) => ({
      type: 'done' as const,
      request: context.request ?? noRequest,
      result,
    })),
    announceFailed: emit(({ context }, error: unknown) => {
      const request = context.request ?? noRequest;
      return {
        type: 'failed' as const,
        request,
        message: errorMessage(error, CONFIRM_TEXTS[request.action].failed),
      };
    }),
  },
}).createMachine({
  id: 'confirmAction',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        ASK: {
          target: 'asking',
          actions: { type: 'remember', params: ({ event }) => event.request },
        },
      },
    },
    asking: {
      on: { CONFIRM: 'running', CANCEL: { target: 'idle', actions: 'forget' } },
    },
    running: {
      tags: 'busy',
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => context.request ?? noRequest,
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'announceDone',
              params: ({ event }: { event: { output: unknown } }) => event.output,
            },
            'forget',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'announceFailed',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            'forget',
          ],
        },
      },
    },
  },
});

type ConfirmSnapshot = SnapshotFrom<typeof confirmActionMachine>;

/** Selectors the views use. */
export const selectIsAsking = (s: ConfirmSnapshot) => s.matches('asking') || s.matches('running');
export const selectRequest = (s: ConfirmSnapshot) => s.context.request;
export const selectQuestion = (s: ConfirmSnapshot) =>
  s.context.request && CONFIRM_TEXTS[s.context.request.action].question;
/** The open dialog's texts (title, question, confirming button); null when none is open. */
export const selectTexts = (s: ConfirmSnapshot) =>
  s.context.request && CONFIRM_TEXTS[s.context.request.action];
/** Yes and No disabled while the action runs. */
export const selectIsRunning = (s: ConfirmSnapshot) => s.hasTag('busy');
