/**
 * The signup wizard's model: which events to try in each state, how a state is told apart, and
 * (signup.assert.ts) what each state must mean.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { signupMachine } from '../../machines/signup.machine.js';
import { asSent, pendingQuery } from '../../machines/signup-fields.js';
import type { SignupContext, SignupField } from '../../machines/signup.types.js';
import type { Model } from '../support/model.js';
import { aDefaultImage, apiError, aPng, aTextFile, aUser } from './fixtures.js';
import { assertSignup } from './signup.assert.js';
import {
  FIELD_ORDER,
  aHugePng,
  fieldStatus,
  invalidUserName,
  otherUserName,
  refusals,
  typed,
  type Snapshot,
} from './signup-fixtures.js';

/** Step 1's typing: fill the next blank field, or take a detour a person takes. */
function fieldChanges(c: SignupContext) {
  const changes: Array<{ type: 'FIELD_CHANGED'; field: SignupField; value: string }> = [];
  const blank = FIELD_ORDER.find((field) => c[field].trim() === '');
  if (blank) changes.push({ type: 'FIELD_CHANGED', field: blank, value: typed[blank] });
  const userName = fieldStatus(c, 'userName');
  // A first try that breaks the rules, then fixed.
  if (userName === 'blank')
    changes.push({ type: 'FIELD_CHANGED', field: 'userName', value: invalidUserName });
  if (userName === 'invalid')
    changes.push({ type: 'FIELD_CHANGED', field: 'userName', value: typed.userName });
  // A taken (or refused) name: try the other one.
  if (userName === 'taken' || c.serverErrors.userName !== undefined) {
    const next = asSent('userName', c.userName) === otherUserName ? typed.userName : otherUserName;
    changes.push({ type: 'FIELD_CHANGED', field: 'userName', value: next });
  }
  // Blanking the password again once the form is full.
  if (!blank) changes.push({ type: 'FIELD_CHANGED', field: 'password', value: '   ' });
  return changes;
}

/** The server's answers to what the wizard is about to ask: all free, or the first value taken. */
function availabilityAnswers(c: SignupContext, id: string) {
  const query = pendingQuery(c);
  const free = { userName: query.userName && 'available', email: query.email && 'available' };
  const firstTaken = query.userName !== undefined ? 'userName' : 'email';
  const type = `xstate.done.actor.${id}`;
  return [
    { type, output: JSON.parse(JSON.stringify(free)) as object },
    { type, output: JSON.parse(JSON.stringify({ ...free, [firstTaken]: 'taken' })) as object },
  ];
}

/** The address steps that mean something in each step (and one that is ignored). */
function urlSteps(s: Snapshot): number[] {
  if (s.matches('basicInfo')) return [1, 3];
  if (s.matches('profilePicture')) return [0, 2];
  if (s.matches('coverImage')) return [0, 1, 3];
  return [0, 1, 2];
}

export const model: Model<typeof signupMachine> = {
  name: 'signup wizard',
  machine: signupMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    basicInfo:
      'step 1 of 4; Continue enabled once the four fields are filled; a broken rule shows beside its field once left or after Continue, a taken name at once',
    'basicInfo.idle': 'nothing asked of the server',
    'basicInfo.debouncing':
      'a new user name or email (or one not answered before) waits for a pause in typing',
    'basicInfo.checking': 'asks whether the valid, unasked user name / email are taken',
    'basicInfo.confirming': 'Continue pressed: asks first, Continue disabled',
    profilePicture: 'step 2 of 4: avatar',
    'profilePicture.choosing': 'a picked image or its refusal in words; Continue enabled',
    'profilePicture.checkingImage': 'a picked file of the right type and size is being decoded',
    'profilePicture.loadingDefault': 'the default avatar requested; Continue disabled',
    coverImage: 'step 3 of 4: cover image',
    'coverImage.choosing': 'a picked image or its refusal in words; Continue enabled',
    'coverImage.checkingImage': 'a picked file of the right type and size is being decoded',
    'coverImage.loadingDefault': 'the default cover requested; Continue disabled',
    review: 'step 4 of 4: review; a failed registration that names no field shows its reason',
    registering: 'busy; trimmed fields, typed password and only picked images sent',
    loggingIn: "busy; registered emitted, login with the new user's credentials",
    done: 'signed in: signedIn emitted with the user',
    loginFailed: 'registered but login failed: reason emitted',
  },
  promiseActors: ['loadDefaultImage', 'decodeImage', 'checkAvailability', 'register', 'login'],
  // A person's detours (a rule broken, a field left, the address changed, a file picked) are
  // tried where the step rests; while it waits on the server only typing on and the answers.
  events: (snapshot: AnyMachineSnapshot) => {
    const s = snapshot as Snapshot;
    const c = s.context;
    const resting =
      s.matches({ basicInfo: 'idle' }) ||
      s.matches({ profilePicture: 'choosing' }) ||
      s.matches({ coverImage: 'choosing' }) ||
      s.matches('review');
    return {
      FIELD_CHANGED: resting ? fieldChanges(c) : fieldChanges(c).slice(0, 1),
      FIELD_LEFT: resting ? [{ type: 'FIELD_LEFT', field: 'userName' }] : [],
      URL_STEP: resting ? urlSteps(s).map((step) => ({ type: 'URL_STEP', step })) : [],
      IMAGE_PICKED: resting
        ? [
            { type: 'IMAGE_PICKED', file: aPng },
            { type: 'IMAGE_PICKED', file: aTextFile },
            { type: 'IMAGE_PICKED', file: aHugePng },
          ]
        : [],
      'xstate.done.actor.decodeImage': [{ type: 'xstate.done.actor.decodeImage' }],
      'xstate.error.actor.decodeImage': [
        { type: 'xstate.error.actor.decodeImage', error: new Error('not a picture') },
      ],
      'xstate.done.actor.checkAvailability': availabilityAnswers(c, 'checkAvailability'),
      'xstate.error.actor.checkAvailability': [
        { type: 'xstate.error.actor.checkAvailability', error: apiError(refusals.none) },
      ],
      'xstate.done.actor.loadDefaultImage': [
        { type: 'xstate.done.actor.loadDefaultImage', output: aDefaultImage },
      ],
      'xstate.error.actor.loadDefaultImage': [
        { type: 'xstate.error.actor.loadDefaultImage', error: apiError('Not found') },
      ],
      'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: aUser }],
      'xstate.error.actor.register': Object.values(refusals).map((message) => ({
        type: 'xstate.error.actor.register',
        error: apiError(message),
      })),
      'xstate.done.actor.login': [{ type: 'xstate.done.actor.login', output: aUser }],
      'xstate.error.actor.login': [
        { type: 'xstate.error.actor.login', error: apiError('Invalid credentials') },
      ],
    };
  },
  // Step 1 depends on each field's status (and which user name), not on the pictures; a picture
  // step on where its picture comes from and whether a refusal shows; the review on which
  // pictures are the person's own; what follows only on where it is.
  serialize: (snapshot: AnyMachineSnapshot) => {
    const s = snapshot as Snapshot;
    const c = s.context;
    const refused = Object.keys(c.serverErrors).sort();
    if (s.matches('basicInfo')) {
      const statuses = FIELD_ORDER.map((field) => fieldStatus(c, field));
      return JSON.stringify([s.value, statuses, asSent('userName', c.userName), refused]);
    }
    if (s.matches('profilePicture')) {
      return JSON.stringify([s.value, c.avatarSource, c.error !== null, refused]);
    }
    if (s.matches('coverImage')) {
      return JSON.stringify([s.value, c.coverSource, c.error !== null, refused]);
    }
    if (s.matches('review')) {
      const own = [c.avatarSource === 'picked', c.coverSource === 'picked'];
      return JSON.stringify([s.value, own, c.error !== null]);
    }
    return JSON.stringify([s.value, s.status]);
  },
  assert: assertSignup,
};
