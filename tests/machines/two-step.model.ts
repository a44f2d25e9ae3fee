import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { TwoStepSetup } from '../../contract/two-step.js';
import {
  TWO_STEP_FAILED,
  TWO_STEP_LOAD_FAILED,
  selectCanSubmit,
  selectCode,
  selectCodes,
  selectError,
  selectIsBusy,
  selectSetup,
  selectStatus,
  selectView,
  twoStepMachine,
  type TwoStepContext,
} from '../../machines/two-step.machine.js';
import type { Model } from '../support/model.js';

type Snapshot = ReturnType<typeof twoStepMachine.transition>;

const SETUP: TwoStepSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/VidTube:a%40b.co?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abc${i}-defg`);
const WRONG = 'code: That code is not right. Try again.';

export const model: Model<typeof twoStepMachine> = {
  name: 'two-step sign-in settings',
  machine: twoStepMachine,
  meaning: {
    loading: 'a spinner; GET /users/two-step runs',
    failed: 'the status could not be loaded; Retry shows',
    off: 'two-step sign-in is off; Turn on shows',
    starting: 'busy; a new secret is asked for',
    showingSecret: 'the QR code and the secret as text; a code field; Confirm only with a code',
    confirming: 'busy; the first code is sent',
    showingCodes: 'ten recovery codes shown once, with Copy and Download; the secret is gone',
    on: 'two-step sign-in is on; Make new recovery codes and Turn off show',
    'renewing.entering': 'a code field for new recovery codes',
    'renewing.submitting': 'busy; the code is sent for new codes',
    'disabling.entering': 'a code (or recovery code) field to turn it off',
    'disabling.submitting': 'busy; the code is sent to turn it off',
  },
  promiseActors: ['fetchStatus', 'beginSetup', 'enable', 'renewCodes', 'disable'],
  events: {
    'xstate.done.actor.fetchStatus': [
      { type: 'xstate.done.actor.fetchStatus', output: { enabled: false, recoveryCodesLeft: 0 } },
      { type: 'xstate.done.actor.fetchStatus', output: { enabled: true, recoveryCodesLeft: 7 } },
    ],
    'xstate.error.actor.fetchStatus': [
      { type: 'xstate.error.actor.fetchStatus', error: new Error('') },
    ],
    'xstate.done.actor.beginSetup': [{ type: 'xstate.done.actor.beginSetup', output: SETUP }],
    'xstate.error.actor.beginSetup': [
      { type: 'xstate.error.actor.beginSetup', error: new Error('') },
    ],
    CODE_CHANGED: [
      { type: 'CODE_CHANGED', value: ' 123456 ' },
      { type: 'CODE_CHANGED', value: ' ' },
    ],
    'xstate.done.actor.enable': [{ type: 'xstate.done.actor.enable', output: CODES }],
    'xstate.error.actor.enable': [{ type: 'xstate.error.actor.enable', error: new Error(WRONG) }],
    'xstate.done.actor.renewCodes': [{ type: 'xstate.done.actor.renewCodes', output: CODES }],
    'xstate.error.actor.renewCodes': [
      { type: 'xstate.error.actor.renewCodes', error: new Error(WRONG) },
    ],
    'xstate.done.actor.disable': [{ type: 'xstate.done.actor.disable', output: undefined }],
    'xstate.error.actor.disable': [{ type: 'xstate.error.actor.disable', error: new Error(WRONG) }],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as TwoStepContext;
    return JSON.stringify([
      s.value,
      c.status,
      c.setup !== null,
      c.code.trim() !== '',
      c.codes.length,
      c.error,
    ]);
  },
  assert: (snapshot, fakes, { event, emitted }) => {
    const s = snapshot as Snapshot;
    const view = selectView(s);
    expect(selectIsBusy(s)).toBe(
      s.matches('starting') ||
        s.matches('confirming') ||
        s.matches({ renewing: 'submitting' }) ||
        s.matches({ disabling: 'submitting' }),
    );
    // The secret shows only while setting up, the codes only right after they were made.
    expect(selectSetup(s)).toEqual(view === 'secret' ? SETUP : null);
    expect(selectCodes(s).length > 0).toBe(view === 'codes');
    if (view === 'codes') expect(selectCodes(s)).toEqual(CODES);
    if (s.matches('failed')) expect(selectError(s)).toBe(TWO_STEP_LOAD_FAILED);
    if (s.matches('on')) expect(selectStatus(s)?.enabled).toBe(true);
    if (s.matches('off')) expect(selectStatus(s)?.enabled ?? false).toBe(false);
    expect(selectCanSubmit(s)).toBe(!selectIsBusy(s) && selectCode(s).trim() !== '');
    if (s.matches('confirming')) expect(fakes.lastInput('enable')).toEqual({ code: '123456' });
    if (s.matches({ renewing: 'submitting' }))
      expect(fakes.lastInput('renewCodes')).toEqual({ code: '123456' });
    if (s.matches({ disabling: 'submitting' }))
      expect(fakes.lastInput('disable')).toEqual({ code: '123456' });
    switch (event.type) {
      case 'xstate.done.actor.enable':
        expect(emitted).toEqual([{ type: 'enabled' }]);
        break;
      case 'xstate.done.actor.renewCodes':
        expect(emitted).toEqual([{ type: 'codesRenewed' }]);
        break;
      case 'xstate.done.actor.disable':
        expect(s.matches('off')).toBe(true);
        expect(emitted).toEqual([{ type: 'disabled' }]);
        break;
      case 'xstate.error.actor.beginSetup':
        expect(s.matches('off')).toBe(true);
        expect(emitted).toEqual([{ type: 'failed', message: TWO_STEP_FAILED }]);
        break;
      case 'xstate.error.actor.enable':
      case 'xstate.error.actor.renewCodes':
      case 'xstate.error.actor.disable':
        // Said beside the field, which is emptied for the next code.
        expect(selectError(s)).toBe('That code is not right. Try again.');
        expect(selectCode(s)).toBe('');
        expect(emitted).toEqual([]);
        break;
      case 'DONE':
        expect(selectStatus(s)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
        expect(emitted).toEqual([]);
        break;
      default:
        expect(emitted).toEqual([]);
    }
    // A blank code is never sent.
    for (const actor of ['enable', 'renewCodes', 'disable']) {
      for (const call of fakes.callsOf(actor)) expect(call.input).toEqual({ code: '123456' });
    }
  },
};
