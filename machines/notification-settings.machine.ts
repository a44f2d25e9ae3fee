/**
 * The bell's per-type settings (issue 23): each notification type on or off, saved as it is
 * switched.
 *
 * Events:  TOGGLE { key } (a switch was flipped) · RETRY (after the settings failed to load)
 * Actors:  fetchSettings — output NotificationSettings; saveSettings — input { patch }, output
 *          the settings as saved
 * Emitted: failed { message } — a change was not saved (the switch went back; the view says so)
 *
 * Choices where the spec is silent: a switch moves at once and goes back if the save fails;
 * while one save runs the switches wait (one change at a time keeps the server's answer the
 * truth to show).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type {
  NotificationSettings,
  NotificationSettingsPatch,
  NotificationType,
} from '../contract/notifications.js';
import { errorMessage } from './validation.js';

export interface NotificationSettingsContext {
  settings: NotificationSettings | null;
  /** The settings before the running save, to go back to if it fails. */
  saved: NotificationSettings | null;
  /** The switch being saved. */
  pending: NotificationType | null;
}

export type NotificationSettingsEvent =
  /** The switch of `key` was flipped. */
  | { type: 'TOGGLE'; key: NotificationType }
  /** Retry after the settings could not be loaded. */
  | { type: 'RETRY' };

export type NotificationSettingsEmitted = { type: 'failed'; message: string };

export const SAVE_FAILED = 'Could not save the notification setting.';

export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
    emitted: {} as NotificationSettingsEmitted,
  },
  actors: {
    fetchSettings: fromPromise<NotificationSettings>(() => {
      throw new Error('fetchSettings actor not provided');
    }),
    saveSettings: fromPromise<NotificationSettings, { patch: NotificationSettingsPatch }>(() => {
      throw new Error('saveSettings actor not provided');
    }),
  },
  actions: {
    keep: assign((_, settings: NotificationSettings) => ({ settings, saved: null, pending: null })),
    flip: assign(({ context }, key: NotificationType) => ({
      saved: context.settings,
      pending: key,
      settings: { ...context.settings!, [key]: !context.settings![key] },
    })),
    revert: assign(({ context }) => ({ settings: context.saved, saved: null, pending: null })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'notificationSettings',
  context: { settings: null, saved: null, pending: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchSettings',
        src: 'fetchSettings',
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        TOGGLE: { target: 'saving', actions: { type: 'flip', params: ({ event }) => event.key } },
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({
          patch: { [context.pending!]: context.settings![context.pending!] },
        }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: [
            'revert',
            {
              type: 'announceFailure',
              params: ({ event }) => errorMessage(event.error, SAVE_FAILED),
            },
          ],
        },
      },
    },
  },
});

export type NotificationSettingsSnapshot = SnapshotFrom<typeof notificationSettingsMachine>;

export const selectSettings = (s: NotificationSettingsSnapshot) => s.context.settings;
export const selectIsLoading = (s: NotificationSettingsSnapshot) => s.matches('loading');
export const selectHasFailed = (s: NotificationSettingsSnapshot) => s.matches('failed');
/** Switches wait while a change is saved. */
export const selectIsSaving = (s: NotificationSettingsSnapshot) => s.matches('saving');
