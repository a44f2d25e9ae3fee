import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PASSKEY_MESSAGES } from '../../contract/passkeys.js';
import {
  passkeyCeremonyMachine,
  selectError,
  selectIsBusy,
  selectIsWaitingForAuthenticator,
  type CeremonyInput,
} from '../../machines/passkey-ceremony.machine.js';
import { PASSKEY_TEXTS } from '../../machines/passkey-messages.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

type Snapshot = ReturnType<typeof passkeyCeremonyMachine.transition>;

const ceremony = { ticket: 'ticket-1', options: { challenge: 'challenge-1' } };
const answer = { id: 'credential-1', type: 'public-key' };

/** A model of the ceremony for one kind (adding in Settings; signing in, maybe as a second step). */
export function ceremonyModel(
  input: CeremonyInput,
  result: unknown,
): Model<typeof passkeyCeremonyMachine> {
  const fallback = input.kind === 'add' ? PASSKEY_TEXTS.addFailed : PASSKEY_TEXTS.signInFailed;
  return {
    name: `passkey ceremony (${input.kind}${input.secondStepTicket ? ', second step' : ''})`,
    machine: passkeyCeremonyMachine,
    input,
    meaning: {
      idle: 'the button is ready; nothing runs',
      gettingOptions: 'busy: the options are asked for once (with the second-step ticket if any)',
      waitingForAuthenticator: "busy: the browser's passkey prompt is open with those options",
      verifying: "busy: the authenticator's answer goes to the server with the ceremony's ticket",
      succeeded: 'the result (new passkey / signed-in user) was announced once',
      cancelled: 'the prompt was closed: no error shown, nothing announced',
      failed: "the server's sentence (or the kind's own) is shown and announced",
    },
    promiseActors: ['getOptions', 'askAuthenticator', 'verify'],
    events: {
      'xstate.done.actor.getOptions': [{ type: 'xstate.done.actor.getOptions', output: ceremony }],
      'xstate.error.actor.getOptions': [
        { type: 'xstate.error.actor.getOptions', error: apiError(PASSKEY_MESSAGES.tooMany) },
      ],
      'xstate.done.actor.askAuthenticator': [
        { type: 'xstate.done.actor.askAuthenticator', output: answer },
        { type: 'xstate.done.actor.askAuthenticator', output: null },
      ],
      'xstate.error.actor.askAuthenticator': [
        { type: 'xstate.error.actor.askAuthenticator', error: apiError('') },
      ],
      'xstate.done.actor.verify': [{ type: 'xstate.done.actor.verify', output: result }],
      'xstate.error.actor.verify': [
        { type: 'xstate.error.actor.verify', error: apiError(PASSKEY_MESSAGES.notVerified) },
      ],
    },
    serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, (s as Snapshot).context.error]),
    assert: (snapshot, fakes, { event, emitted }) => {
      const s = snapshot as Snapshot;
      const busy = ['gettingOptions', 'waitingForAuthenticator', 'verifying'].some((v) =>
        s.matches(v as never),
      );
      expect(selectIsBusy(s)).toBe(busy);
      expect(selectIsWaitingForAuthenticator(s)).toBe(s.matches('waitingForAuthenticator'));
      const last = fakes.calls.at(-1);
      if (s.matches('gettingOptions')) {
        expect(last).toEqual({
          src: 'getOptions',
          input: { secondStepTicket: input.secondStepTicket },
        });
        expect(selectError(s)).toBeNull();
      }
      if (s.matches('waitingForAuthenticator')) {
        expect(last).toEqual({ src: 'askAuthenticator', input: ceremony.options });
      }
      if (s.matches('verifying')) {
        expect(last).toEqual({
          src: 'verify',
          input: { ticket: ceremony.ticket, answer, secondStepTicket: input.secondStepTicket },
        });
      }
      if (s.matches('succeeded') && event.type === 'xstate.done.actor.verify') {
        expect(emitted).toEqual([{ type: 'succeeded', result }]);
      }
      if (s.matches('cancelled')) {
        expect(emitted).toEqual([]);
        expect(selectError(s)).toBeNull();
      }
      if (s.matches('failed') && event.type.startsWith('xstate.error')) {
        const message =
          event.type === 'xstate.error.actor.getOptions'
            ? PASSKEY_MESSAGES.tooMany
            : event.type === 'xstate.error.actor.verify'
              ? PASSKEY_MESSAGES.notVerified
              : fallback;
        expect(selectError(s)).toBe(message);
        expect(emitted).toEqual([{ type: 'failed', message }]);
      }
      if (s.matches('idle')) expect(fakes.calls).toEqual([]);
    },
  };
}
