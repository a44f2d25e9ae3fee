import type { passkeyCeremonyMachine } from '../../machines/passkey-ceremony.machine.js';
import type { Model } from '../support/model.js';
import { ceremonyModel } from './passkey-ceremony-model.js';

const passkey = {
  _id: 'credential-1',
  name: 'Chrome on Linux',
  createdAt: '2026-11-29T12:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
};

/** Settings → Passkeys → Add a passkey. */
export const model: Model<typeof passkeyCeremonyMachine> = ceremonyModel({ kind: 'add' }, passkey);
