/**
 * Settings → Devices (issue 32): the account's signed-in sessions, signing out one of them or
 * all the others.
 *
 * States: loading → shown | failed —RETRY→ loading;
 *         shown —SIGN_OUT {sessionId}→ signingOut → shown;
 *         shown —SIGN_OUT_OTHERS→ signingOutOthers → shown.
 *
 * Events:  SIGN_OUT {sessionId} (a device's Sign out) · SIGN_OUT_OTHERS ("Sign out all other
 *          devices") · RETRY (after the list failed to load)
 * Actors:  fetchDevices → Device[]; signOutDevice {sessionId} → void; signOutOthers → count
 * Emitted: signedOut (one device) · othersSignedOut {count} · failed {message}
 * Selectors: selectDevices, selectPending, selectIsLoading, selectLoadError, selectIsBusy,
 *            selectHasOthers.
 *
 * Choices where the spec is silent: the list is the server's answer, this device first; a device
 * leaves the list when its sign-out succeeded (never before); one sign-out at a time; no
 * confirmation (signing out loses nothing: the device signs in again).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Device } from '../contract/devices.js';
import { errorMessage } from './validation.js';

export const DEVICES_LOAD_FAILED = 'Could not load your devices.';
export const SIGN_OUT_FAILED = 'Could not sign the device out. Try again.';

export interface DevicesContext {
  devices: Device[];
  /** The session being signed out (or 'others'); null when none. */
  pending: string | null;
  loadError: string | null;
}

export type DevicesEvent =
  /** Sign out the device of this session. */
  | { type: 'SIGN_OUT'; sessionId: string }
  /** Sign out every device but this one. */
  | { type: 'SIGN_OUT_OTHERS' }
  /** Load again after a failure. */
  | { type: 'RETRY' };

export type DevicesEmitted =
  | { type: 'signedOut' }
  | { type: 'othersSignedOut'; count: number }
  | { type: 'failed'; message: string };

export const devicesMachine = setup({
  types: {
    context: {} as DevicesContext,
    events: {} as DevicesEvent,
    emitted: {} as DevicesEmitted,
  },
  actors: {
    fetchDevices: fromPromise<Device[]>(() => {
      throw new Error('fetchDevices actor not provided');
    }),
    signOutDevice: fromPromise<void, { sessionId: string }>(() => {
      throw new Error('signOutDevice actor not provided');
    }),
    signOutOthers: fromPromise<number>(() => {
      throw new Error('signOutOthers actor not provided');
    }),
  },
  guards: {
    isOtherDevice: ({ context, event }) =>
      event.type === 'SIGN_OUT' &&
      context.devices.some((d) => d._id === event.sessionId && !d.current),
    hasOthers: ({ context }) => context.devices.some((d) => !d.current),
  },
  actions: {
    keepDevices: assign((_, devices: Device[]) => ({ devices, loadError: null })),
    rememberLoadError: assign((_, loadError: string) => ({ loadError })),
    markPending: assign((_, pending: string) => ({ pending })),
    dropPending: assign({
      devices: ({ context }) => context.devices.filter((d) => d._id !== context.pending),
      pending: null,
    }),
    keepOnlyThisDevice: assign({
      devices: ({ context }) => context.devices.filter((d) => d.current),
      pending: null,
    }),
    clearPending: assign({ pending: null }),
    announceSignedOut: emit({ type: 'signedOut' as const }),
    announceOthersSignedOut: emit((_, count: number) => ({
      type: 'othersSignedOut' as const,
      count,
    })),
    announceFailure: emit((_, message: string) => ({ type: 'failed' as const, message })),
  },
}).createMachine({
  id: 'devices',
  context: { devices: [], pending: null, loadError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchDevices',
        src: 'fetchDevices',
        onDone: {
          target: 'shown',
          actions: { type: 'keepDevices', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'rememberLoadError',
            params: ({ event }) => errorMessage(event.error, DEVICES_LOAD_FAILED),
          },
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    shown: {
      on: {
        SIGN_OUT: {
          guard: 'isOtherDevice',
          target: 'signingOut',
          actions: { type: 'markPending', params: ({ event }) => event.sessionId },
        },
        SIGN_OUT_OTHERS: {
          guard: 'hasOthers',
          target: 'signingOutOthers',
          actions: { type: 'markPending', params: 'others' },
        },
      },
    },
    signingOut: {
      tags: 'busy',
      invoke: {
        id: 'signOutDevice',
        src: 'signOutDevice',
        input: ({ context }) => ({ sessionId: context.pending ?? '' }),
        onDone: { target: 'shown', actions: ['dropPending', 'announceSignedOut'] },
        onError: {
          target: 'shown',
          actions: [
            'clearPending',
            {
              type: 'announceFailure',
              params: ({ event }) => errorMessage(event.error, SIGN_OUT_FAILED),
            },
          ],
        },
      },
    },
    signingOutOthers: {
      tags: 'busy',
      invoke: {
        id: 'signOutOthers',
        src: 'signOutOthers',
        onDone: {
          target: 'shown',
          actions: [
            'keepOnlyThisDevice',
            { type: 'announceOthersSignedOut', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'shown',
          actions: [
            'clearPending',
            {
              type: 'announceFailure',
              params: ({ event }) => errorMessage(event.error, SIGN_OUT_FAILED),
            },
          ],
        },
      },
    },
  },
});

type DevicesSnapshot = SnapshotFrom<typeof devicesMachine>;

export const selectDevices = (s: DevicesSnapshot) => s.context.devices;
export const selectPending = (s: DevicesSnapshot) => s.context.pending;
export const selectIsLoading = (s: DevicesSnapshot) => s.hasTag('loading');
export const selectLoadError = (s: DevicesSnapshot) =>
  s.matches('failed') ? s.context.loadError : null;
export const selectIsBusy = (s: DevicesSnapshot) => s.hasTag('busy');
export const selectHasOthers = (s: DevicesSnapshot) => s.context.devices.some((d) => !d.current);
