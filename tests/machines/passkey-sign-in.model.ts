import type { passkeyCeremonyMachine } from '../../machines/passkey-ceremony.machine.js';
import type { Model } from '../support/model.js';
import { aUser } from './fixtures.js';
import { ceremonyModel } from './passkey-ceremony-model.js';

/** "Sign in with a passkey" beside the three fields. */
export const model: Model<typeof passkeyCeremonyMachine> = ceremonyModel({ kind: 'signIn' }, aUser);

/** The same button in the second step, with login's ticket. */
export const secondStepModel = ceremonyModel(
  { kind: 'signIn', secondStepTicket: 'step.secret' },
  aUser,
);
