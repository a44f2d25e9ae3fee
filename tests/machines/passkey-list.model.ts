import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, type Passkey } from '../../contract/passkeys.js';
import {
  passkeyListMachine,
  selectCanSave,
  selectEditing,
  selectIsBusy,
  selectIsFull,
  selectRemoving,
  type PasskeyListContext,
} from '../../machines/passkey-list.machine.js';
import { PASSKEY_TEXTS } from '../../machines/passkey-messages.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

type Snapshot = ReturnType<typeof passkeyListMachine.transition>;

const key = (id: string, name: string): Passkey => ({
  _id: id,
  name,
  createdAt: '2026-11-29T12:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
});
const laptop = key('k1', 'Chrome on Linux');
const phone = key('k2', 'Safari on iOS');
const added = key('k3', 'Passkey 3');
const LIMIT = 3;

export const model: Model<typeof passkeyListMachine> = {
  name: 'passkey list',
  machine: passkeyListMachine,
  meaning: {
    loading: 'the list is asked for once; a spinner shows',
    loadFailed: "'could not be loaded' and Retry are shown",
    ready: 'the passkeys as the server has them (plus those added); Add off at the limit',
    editing:
      'the rename dialog of the chosen passkey, its name in the field; Save off when blank or too long',
    saving: 'busy: the trimmed name goes to the server once',
    confirmingRemove: 'the question names the chosen passkey; nothing removed yet',
    removing: 'busy: exactly that passkey is removed, once',
  },
  promiseActors: ['load', 'rename', 'remove'],
  events: {
    'xstate.done.actor.load': [
      { type: 'xstate.done.actor.load', output: { passkeys: [laptop, phone], limit: LIMIT } },
    ],
    'xstate.error.actor.load': [{ type: 'xstate.error.actor.load', error: apiError('') }],
    ADDED: [{ type: 'ADDED', passkey: added }],
    EDIT: [
      { type: 'EDIT', id: 'k1' },
      { type: 'EDIT', id: 'gone' },
    ],
    NAME_CHANGED: [
      { type: 'NAME_CHANGED', value: '  Work laptop ' },
      { type: 'NAME_CHANGED', value: '   ' },
      { type: 'NAME_CHANGED', value: 'x'.repeat(PASSKEY_NAME_MAX + 1) },
    ],
    'xstate.done.actor.rename': [
      { type: 'xstate.done.actor.rename', output: { ...laptop, name: 'Work laptop' } },
    ],
    'xstate.error.actor.rename': [
      { type: 'xstate.error.actor.rename', error: apiError(PASSKEY_MESSAGES.nameRule) },
    ],
    REMOVE: [{ type: 'REMOVE', id: 'k2' }],
    'xstate.done.actor.remove': [{ type: 'xstate.done.actor.remove', output: undefined }],
    'xstate.error.actor.remove': [{ type: 'xstate.error.actor.remove', error: apiError('') }],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as PasskeyListContext;
    return JSON.stringify([
      s.value,
      c.passkeys.map((p) => `${p._id}:${p.name}`),
      c.selected,
      c.draft,
      c.error,
    ]);
  },
  limit: 2000,
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as Snapshot;
    const c = s.context;
    const ids = c.passkeys.map((p) => p._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(selectIsBusy(s)).toBe(s.matches('saving') || s.matches('removing'));
    expect(selectIsFull(s)).toBe(c.limit > 0 && c.passkeys.length >= c.limit);
    const last = fakes.calls.at(-1);
    if (s.matches('loading')) expect(last).toEqual({ src: 'load', input: undefined });
    if (s.matches('ready')) {
      expect(selectEditing(s)).toBeNull();
      expect(selectRemoving(s)).toBeNull();
      if (event.type === 'xstate.done.actor.rename') {
        expect(c.passkeys.find((p) => p._id === 'k1')?.name).toBe('Work laptop');
        expect(emitted).toEqual([{ type: 'renamed' }]);
      }
      if (event.type === 'xstate.done.actor.remove') {
        expect(ids).not.toContain('k2');
        expect(emitted).toEqual([{ type: 'removed' }]);
      }
      if (event.type === 'xstate.error.actor.remove') {
        expect(ids).toContain('k2');
        expect(emitted).toEqual([{ type: 'failed', message: PASSKEY_TEXTS.removeFailed }]);
      }
      if (event.type === 'ADDED') expect(ids.at(-1)).toBe('k3');
    }
    if (s.matches('editing')) {
      expect(selectEditing(s)?._id).toBe('k1');
      const valid = c.draft.trim().length > 0 && c.draft.trim().length <= PASSKEY_NAME_MAX;
      expect(selectCanSave(s)).toBe(valid);
      if (event.type === 'EDIT') expect(c.draft).toBe(selectEditing(s)?.name);
      if (event.type === 'xstate.error.actor.rename')
        expect(c.error).toBe(PASSKEY_MESSAGES.nameRule);
    }
    if (s.matches('saving')) {
      expect(last).toEqual({ src: 'rename', input: { id: 'k1', name: c.draft.trim() } });
      expect(selectCanSave(s)).toBe(false);
    }
    if (s.matches('confirmingRemove')) expect(selectRemoving(s)?._id).toBe('k2');
    if (s.matches('removing')) {
      expect(last).toEqual({ src: 'remove', input: 'k2' });
      expect((previous as Snapshot).matches('confirmingRemove')).toBe(true);
    }
  },
};
