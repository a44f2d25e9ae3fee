import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  RESEND_FAILED,
  emailBannerMachine,
  selectBannerError,
  selectIsDismissed,
  selectIsResending,
  selectIsResent,
  type EmailBannerSnapshot,
} from '../../machines/confirm-email.machine.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

export const model: Model<typeof emailBannerMachine> = {
  name: 'unconfirmed email banner',
  machine: emailBannerMachine,
  meaning: {
    shown: 'the banner with "Send the link again" and a close button; a failure says why',
    sending: 'one request; the button is busy',
    sent: 'the banner says a new link was sent',
    dismissed: 'no banner; the view remembers it for the browser session',
  },
  promiseActors: ['resendConfirmation'],
  events: {
    'xstate.error.actor.resendConfirmation': [
      { type: 'xstate.error.actor.resendConfirmation', error: apiError('Too many requests') },
      { type: 'xstate.error.actor.resendConfirmation', error: {} },
    ],
  },
  assert: (snapshot: AnyMachineSnapshot, _fakes, step) => {
    const s = snapshot as EmailBannerSnapshot;
    expect(selectIsResending(s)).toBe(s.matches('sending'));
    expect(selectIsResent(s)).toBe(s.matches('sent'));
    expect(selectIsDismissed(s)).toBe(s.matches('dismissed'));
    if (step.event.type === 'DISMISS' && step.previous && !step.previous.matches('dismissed')) {
      expect(step.emitted).toEqual([{ type: 'dismissed' }]);
    }
    if (step.event.type.startsWith('xstate.error')) {
      expect(['Too many requests', RESEND_FAILED]).toContain(selectBannerError(s));
    }
    if (s.matches('sending')) expect(selectBannerError(s)).toBeNull();
  },
};
