/**
 * One model builder for the dialogs made on the form core (machines/form-dialog.ts): each dialog's
 * model gives its first values, the edits to try and what the check must refuse with.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { FormDialogContext, FormValues } from '../../machines/form-dialog.js';
import {
  selectError,
  selectIsConfirmingDiscard,
  selectIsSaving,
  selectValues,
} from '../../machines/form-dialog.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

interface FormDialogModelSpec<M extends AnyStateMachine> {
  name: string;
  machine: M;
  initial: FormValues;
  /** CHANGE fixtures: the edits to try (valid and invalid ones). */
  changes: FormValues[];
  /** The refusal the check must give for these values, null when they may be sent. */
  expectedRefusal: (values: FormValues) => string | null;
  /** What must be sent for these values. */
  expectedSent: (values: FormValues) => FormValues;
  result: unknown;
}

type Snap = Omit<AnyMachineSnapshot, 'context'> & { context: FormDialogContext };

export function formDialogModel<M extends AnyStateMachine>(spec: FormDialogModelSpec<M>): Model<M> {
  return {
    name: spec.name,
    machine: spec.machine,
    input: { values: spec.initial },
    meaning: {
      editing:
        'the fields show what was typed; a refused Save or a failed save leaves its text in red and the fields as typed',
      saving: 'busy: buttons disabled; exactly the trimmed values sent',
      closed: "dialog closed: after a save the server's entity is emitted, then closed",
      confirmingDiscard:
        "'Discard changes?' asked in place of the form after a close with changes; the values are kept",
    },
    promiseActors: ['save'],
    events: {
      CHANGE: spec.changes.map((values) => ({ type: 'CHANGE', values })),
      'xstate.done.actor.save': [{ type: 'xstate.done.actor.save', output: spec.result }],
      'xstate.error.actor.save': [{ type: 'xstate.error.actor.save', error: apiError('Refused') }],
    },
    serialize: (s) => {
      const c = (s as Snap).context;
      // Per field only whether it is blank (text) or set (tags, file), so the graph stays small.
      const shape = Object.entries(c.values).map(([k, v]) =>
        typeof v === 'string'
          ? [k, v.trim() === '']
          : [k, Array.isArray(v) ? v.length : v !== null],
      );
      const changed = JSON.stringify(c.values) !== JSON.stringify(c.initial);
      return JSON.stringify([s.value, shape, c.error, c.refused, changed]);
    },
    assert: (snapshot, fakes, { event, previous, emitted }) => {
      const s = snapshot as Snap;
      const values = selectValues(s);
      expect(selectIsSaving(s)).toBe(s.matches('saving'));
      if (event.type === 'xstate.init') expect(values).toEqual(spec.initial);
      if (event.type === 'CHANGE') {
        expect(values).toMatchObject(event.values as FormValues);
        // A refusal stays while the values still break the check and goes once they pass; the
        // server's error goes at the first change.
        const before = previous as Snap;
        const refusedBefore = before.context.error !== null && before.context.error !== 'Refused';
        expect(selectError(s)).toBe(refusedBefore ? spec.expectedRefusal(values) : null);
      }
      if (s.matches('editing') && event.type === 'SUBMIT') {
        const refusal = spec.expectedRefusal(values);
        expect(refusal).not.toBeNull();
        expect(selectError(s)).toBe(refusal);
        expect(emitted).toEqual([{ type: 'invalid', message: refusal }]);
      }
      if (s.matches('editing') && event.type === 'xstate.error.actor.save') {
        // What was typed stays; the server's message is kept for the dialog.
        expect(values).toEqual(selectValues(previous as Snap));
        expect(selectError(s)).toBe('Refused');
      }
      if (s.matches('saving')) {
        expect(spec.expectedRefusal(values)).toBeNull();
        expect(fakes.lastInput('save')).toEqual(spec.expectedSent(values));
      }
      expect(selectIsConfirmingDiscard(s)).toBe(s.matches('confirmingDiscard'));
      if (s.matches('confirmingDiscard')) {
        // Asked only when something was changed; nothing is lost while asking.
        expect(event.type).toBe('CLOSE');
        expect(values).not.toEqual(spec.initial);
        expect(values).toEqual(selectValues(previous as Snap));
      }
      if (s.matches('editing') && event.type === 'KEEP_EDITING') {
        expect(values).toEqual(selectValues(previous as Snap));
      }
      if (s.matches('closed') && event.type === 'CLOSE') {
        // A close straight away only when nothing was changed.
        expect(values).toEqual(spec.initial);
      }
      if (s.matches('closed')) {
        expect(s.status).toBe('done');
        expect(emitted).toEqual(
          previous?.matches('saving')
            ? [{ type: 'saved', result: spec.result }, { type: 'closed' }]
            : [{ type: 'closed' }],
        );
      }
    },
  };
}
