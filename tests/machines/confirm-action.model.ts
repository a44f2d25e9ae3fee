import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  CONFIRM_TEXTS,
  confirmActionMachine,
  selectIsAsking,
  selectIsRunning,
  selectQuestion,
  type ConfirmRequest,
} from '../../machines/confirm-action.machine.js';
import { DASHBOARD_MESSAGES as M } from '../../machines/dashboard-messages.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

type Snapshot = ReturnType<typeof confirmActionMachine.transition>;

const unpublish: ConfirmRequest = { action: 'unpublish', id: 'v1' };
const remove: ConfirmRequest = { action: 'deleteVideo', id: 'v2' };
const changed = { _id: 'v1', isPublished: false };

export const model: Model<typeof confirmActionMachine> = {
  name: 'confirmation step',
  machine: confirmActionMachine,
  meaning: {
    idle: 'no question open; nothing runs',
    asking:
      "the question of the asked action is shown (e.g. 'Delete this video? …'); nothing runs yet",
    running: 'busy: exactly the confirmed action runs, once; Yes and No disabled',
  },
  promiseActors: ['perform'],
  events: {
    ASK: [
      { type: 'ASK', request: unpublish },
      { type: 'ASK', request: remove },
    ],
    'xstate.done.actor.perform': [{ type: 'xstate.done.actor.perform', output: changed }],
    // One without a server message, so the action's own failure text is used.
    'xstate.error.actor.perform': [{ type: 'xstate.error.actor.perform', error: apiError('') }],
  },
  serialize: (s: AnyMachineSnapshot) =>
    JSON.stringify([s.value, (s as Snapshot).context.request?.action ?? null]),
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as Snapshot;
    const request = s.context.request;
    expect(selectIsAsking(s)).toBe(!s.matches('idle'));
    expect(selectIsRunning(s)).toBe(s.matches('running'));
    if (s.matches('idle')) {
      expect(request).toBeNull();
      expect(s.children.perform).toBeUndefined();
      const asked = (previous as Snapshot | undefined)?.context.request;
      if (event.type === 'CANCEL') expect(fakes.calls).toEqual([]);
      if (event.type === 'xstate.done.actor.perform') {
        expect(emitted).toEqual([{ type: 'done', request: asked, result: changed }]);
      }
      if (event.type === 'xstate.error.actor.perform') {
        const message =
          asked!.action === 'deleteVideo' ? M.deleteVideoFailed : M.publishToggleFailed;
        expect(emitted).toEqual([{ type: 'failed', request: asked, message }]);
      }
    }
    if (s.matches('asking')) {
      expect(selectQuestion(s)).toBe(CONFIRM_TEXTS[request!.action].question);
      expect(fakes.calls).toEqual([]);
    }
    if (s.matches('running')) {
      expect(fakes.calls).toEqual([{ src: 'perform', input: request }]);
    }
  },
};
