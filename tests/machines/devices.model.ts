import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Device } from '../../contract/devices.js';
import {
  DEVICES_LOAD_FAILED,
  SIGN_OUT_FAILED,
  devicesMachine,
  selectDevices,
  selectHasOthers,
  selectIsBusy,
  selectIsLoading,
  selectLoadError,
  selectPending,
  type DevicesContext,
} from '../../machines/devices.machine.js';
import type { Model } from '../support/model.js';

type Snapshot = ReturnType<typeof devicesMachine.transition>;

const device = (id: string, current = false): Device => ({
  _id: id,
  browser: 'Chrome 131',
  system: 'Linux',
  network: '203.0.113.0/24',
  signedInAt: '2026-11-29T10:00:00.000Z',
  lastSeenAt: '2026-11-29T11:00:00.000Z',
  current,
});
const THIS = device('AAAAAAAAAAAAAAAA', true);
const PHONE = device('BBBBBBBBBBBBBBBB');
const TABLET = device('CCCCCCCCCCCCCCCC');

export const model: Model<typeof devicesMachine> = {
  name: 'devices',
  machine: devicesMachine,
  meaning: {
    loading: 'a spinner; GET /users/sessions runs',
    failed: 'the list could not be loaded; the reason and Retry show',
    shown: 'every device with This device first; Sign out on the others',
    signingOut: 'busy; that device’s session is being ended; it is still listed',
    signingOutOthers: 'busy; every other session is being ended',
  },
  promiseActors: ['fetchDevices', 'signOutDevice', 'signOutOthers'],
  events: {
    'xstate.done.actor.fetchDevices': [
      { type: 'xstate.done.actor.fetchDevices', output: [THIS, PHONE, TABLET] },
      { type: 'xstate.done.actor.fetchDevices', output: [THIS] },
    ],
    'xstate.error.actor.fetchDevices': [
      { type: 'xstate.error.actor.fetchDevices', error: new Error('') },
    ],
    SIGN_OUT: [
      { type: 'SIGN_OUT', sessionId: PHONE._id },
      { type: 'SIGN_OUT', sessionId: THIS._id },
    ],
    'xstate.done.actor.signOutDevice': [
      { type: 'xstate.done.actor.signOutDevice', output: undefined },
    ],
    'xstate.error.actor.signOutDevice': [
      { type: 'xstate.error.actor.signOutDevice', error: new Error('Device not found') },
    ],
    'xstate.done.actor.signOutOthers': [{ type: 'xstate.done.actor.signOutOthers', output: 2 }],
    'xstate.error.actor.signOutOthers': [
      { type: 'xstate.error.actor.signOutOthers', error: new Error('') },
    ],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as DevicesContext;
    return JSON.stringify([s.value, c.devices.map((d) => d._id), c.pending, c.loadError]);
  },
  assert: (snapshot, fakes, { event, emitted, previous }) => {
    const s = snapshot as Snapshot;
    expect(selectIsLoading(s)).toBe(s.matches('loading'));
    expect(selectIsBusy(s)).toBe(s.matches('signingOut') || s.matches('signingOutOthers'));
    expect(selectLoadError(s)).toBe(s.matches('failed') ? DEVICES_LOAD_FAILED : null);
    const devices = selectDevices(s);
    // This device is never removed from the list by this screen.
    if (!s.matches('loading') && !s.matches('failed')) expect(devices[0]).toEqual(THIS);
    expect(selectHasOthers(s)).toBe(devices.length > 1);
    if (s.matches('signingOut')) {
      expect(selectPending(s)).toBe(PHONE._id);
      expect(fakes.lastInput('signOutDevice')).toEqual({ sessionId: PHONE._id });
      expect(devices).toContainEqual(PHONE);
    }
    if (s.matches('signingOutOthers')) expect(selectPending(s)).toBe('others');
    if (s.matches('shown')) expect(selectPending(s)).toBeNull();
    const before = previous ? selectDevices(previous as Snapshot) : [];
    switch (event.type) {
      case 'xstate.done.actor.signOutDevice':
        expect(devices).toEqual(before.filter((d) => d._id !== PHONE._id));
        expect(emitted).toEqual([{ type: 'signedOut' }]);
        break;
      case 'xstate.done.actor.signOutOthers':
        expect(devices).toEqual([THIS]);
        expect(emitted).toEqual([{ type: 'othersSignedOut', count: 2 }]);
        break;
      case 'xstate.error.actor.signOutDevice':
        expect(devices).toEqual(before);
        expect(emitted).toEqual([{ type: 'failed', message: 'Device not found' }]);
        break;
      case 'xstate.error.actor.signOutOthers':
        expect(devices).toEqual(before);
        expect(emitted).toEqual([{ type: 'failed', message: SIGN_OUT_FAILED }]);
        break;
      default:
        expect(emitted).toEqual([]);
    }
    // This device is never signed out from the list (that is the top bar's Log out).
    for (const call of fakes.callsOf('signOutDevice')) {
      expect(call.input).not.toEqual({ sessionId: THIS._id });
    }
  },
};
