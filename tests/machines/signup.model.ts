import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { MESSAGES } from '../../machines/messages.js';
import { signupMachine } from '../../machines/signup.machine.js';
import {
  selectAvatar,
  selectCanContinue,
  selectCover,
  selectError,
  selectIsBusy,
  selectIsDone,
  selectIsLoadingDefault,
  selectStep,
  selectStepLabel,
  selectUsesDefaultAvatar,
  selectUsesDefaultCover,
} from '../../machines/signup.selectors.js';
import type { RegisterInput, SignupContext } from '../../machines/signup.types.js';
import type { Model } from '../support/model.js';
import { aDefaultImage, apiError, aPng, aTextFile, aUser } from './fixtures.js';

type Snapshot = ReturnType<typeof signupMachine.transition>;

const filledCount = (c: SignupContext) =>
  [c.fullName, c.userName, c.email, c.password].filter((v) => v.trim() !== '').length;

const fieldFixtures = [
  { type: 'FIELD_CHANGED', field: 'fullName', value: ' Alice Example ' },
  { type: 'FIELD_CHANGED', field: 'userName', value: ' alice ' },
  { type: 'FIELD_CHANGED', field: 'email', value: 'alice@example.com ' },
  { type: 'FIELD_CHANGED', field: 'password', value: ' correct horse ' },
] as const;

/** The step each state must show, 0-based. */
function expectedStep(s: Snapshot): number {
  if (s.matches('basicInfo')) return 0;
  if (s.matches('profilePicture')) return 1;
  if (s.matches('coverImage')) return 2;
  return 3;
}

export const model: Model<typeof signupMachine> = {
  name: 'signup wizard',
  machine: signupMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    basicInfo: 'step 1 of 4; Continue enabled only when the four fields are filled',
    profilePicture: 'step 2 of 4: avatar',
    'profilePicture.choosing': 'a picked image or refusal shown; Continue enabled',
    'profilePicture.loadingDefault': 'the default avatar requested; Continue disabled',
    coverImage: 'step 3 of 4: cover image',
    'coverImage.choosing': 'a picked image or refusal shown; Continue enabled',
    'coverImage.loadingDefault': 'the default cover requested; Continue disabled',
    review: 'step 4 of 4: review; a failed registration shows its reason',
    registering: 'busy; trimmed fields, typed password and only picked images sent',
    loggingIn: "busy; registered emitted, login with the new user's credentials",
    done: 'signed in: signedIn emitted with the user',
    loginFailed: 'registered but login failed: reason emitted',
  },
  promiseActors: ['loadDefaultImage', 'register', 'login'],
  // Step 0: type into the next blank field, or blank the password again; the order of typing
  // does not matter to the chart, only how many fields are filled.
  events: (snapshot: AnyMachineSnapshot) => ({
    FIELD_CHANGED: [
      ...fieldFixtures
        .filter((f) => (snapshot as Snapshot).context[f.field].trim() === '')
        .slice(0, 1),
      { type: 'FIELD_CHANGED', field: 'password', value: '   ' },
    ],
    IMAGE_PICKED: [
      { type: 'IMAGE_PICKED', file: aPng },
      { type: 'IMAGE_PICKED', file: aTextFile },
    ],
    'xstate.done.actor.loadDefaultImage': [
      { type: 'xstate.done.actor.loadDefaultImage', output: aDefaultImage },
    ],
    'xstate.error.actor.loadDefaultImage': [
      { type: 'xstate.error.actor.loadDefaultImage', error: apiError('Not found') },
    ],
    'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: aUser }],
    'xstate.error.actor.register': [
      { type: 'xstate.error.actor.register', error: apiError('userName is already taken') },
    ],
    'xstate.done.actor.login': [{ type: 'xstate.done.actor.login', output: aUser }],
    'xstate.error.actor.login': [
      { type: 'xstate.error.actor.login', error: apiError('Invalid credentials') },
    ],
  }),
  // What matters per step: how many basic fields are filled (step 0), where each image comes
  // from and whether an error shows. Exact texts are checked by the assertions.
  serialize: (snapshot: AnyMachineSnapshot) => {
    const s = snapshot as Snapshot;
    const c = s.context;
    if (s.matches('basicInfo')) return JSON.stringify([s.value, filledCount(c)]);
    // The picture step does not depend on the cover yet.
    if (s.matches('profilePicture')) {
      return JSON.stringify([s.value, c.avatarSource, c.error !== null]);
    }
    return JSON.stringify([s.value, c.avatarSource, c.coverSource, c.error !== null, s.status]);
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as Snapshot;
    const c = s.context;
    const before = previous as Snapshot | undefined;

    // Indicator and flags.
    expect(selectStep(s)).toBe(expectedStep(s));
    expect(selectStepLabel(s)).toBe(`Step ${expectedStep(s) + 1} of 4`);
    expect(selectIsBusy(s)).toBe(s.matches('registering') || s.matches('loggingIn'));
    expect(selectIsLoadingDefault(s)).toBe(
      s.matches({ profilePicture: 'loadingDefault' }) ||
        s.matches({ coverImage: 'loadingDefault' }),
    );
    expect(selectUsesDefaultAvatar(s)).toBe(c.avatarSource !== 'picked');
    expect(selectUsesDefaultCover(s)).toBe(c.coverSource !== 'picked');

    if (s.matches('basicInfo')) {
      expect(selectCanContinue(s)).toBe(filledCount(c) === 4);
      expect(selectError(s)).toBeNull();
    }
    // Continue never leaves step 0 with a blank field.
    if (before?.matches('basicInfo') && event.type === 'CONTINUE') {
      expect(s.matches('profilePicture')).toBe(filledCount(before.context) === 4);
    }
    if (s.matches({ profilePicture: 'choosing' }) || s.matches({ coverImage: 'choosing' })) {
      expect(selectCanContinue(s)).toBe(true);
    }

    // Picking: an image is taken, anything else refused with the old choice kept.
    if (event.type === 'IMAGE_PICKED' && before) {
      const kind = s.matches('profilePicture') ? 'avatar' : 'cover';
      const current = kind === 'avatar' ? selectAvatar(s) : selectCover(s);
      const old = kind === 'avatar' ? selectAvatar(before) : selectCover(before);
      if (event.file === aPng) {
        expect(current).toBe(aPng);
        expect(selectError(s)).toBeNull();
      } else {
        expect(current).toBe(old);
        expect(selectError(s)).toBe(MESSAGES.imagesOnly);
      }
    }
    // Entering another step clears a refusal.
    if (before && selectStep(before) !== selectStep(s) && !s.matches('review')) {
      expect(selectError(s)).toBeNull();
    }

    // Default images: the right kind is asked for, and the step advances with it.
    if (s.matches({ profilePicture: 'loadingDefault' })) {
      expect(fakes.lastInput('loadDefaultImage')).toBe('avatar');
      expect(selectCanContinue(s)).toBe(false);
    }
    if (s.matches({ coverImage: 'loadingDefault' })) {
      expect(fakes.lastInput('loadDefaultImage')).toBe('cover');
      expect(selectCanContinue(s)).toBe(false);
    }
    if (event.type === 'xstate.done.actor.loadDefaultImage') {
      const shown = s.matches('coverImage') ? selectAvatar(s) : selectCover(s);
      expect(shown).toBe(aDefaultImage);
    }
    if (event.type === 'xstate.error.actor.loadDefaultImage') {
      // No picture to preview, but the review still says the default is used.
      const shown = s.matches('coverImage') ? selectAvatar(s) : selectCover(s);
      expect(shown).toBeNull();
    }
    if (s.matches('coverImage') || s.matches('review')) expect(c.avatarSource).not.toBe('none');
    if (s.matches('review')) expect(c.coverSource).not.toBe('none');
    if (event.type === 'EDIT') expect(s.matches('basicInfo')).toBe(true);

    // Registration sends trimmed fields, the typed password, and only picked images.
    if (s.matches('registering')) {
      const input = fakes.lastInput('register') as RegisterInput;
      expect(input).toEqual({
        fullName: 'Alice Example',
        userName: 'alice',
        email: 'alice@example.com',
        password: ' correct horse ',
        avatar: c.avatarSource === 'picked' ? aPng : null,
        coverImage: c.coverSource === 'picked' ? aPng : null,
      });
      expect(emitted).toEqual([]);
    }
    if (s.matches('loggingIn')) {
      expect(fakes.lastInput('login')).toEqual({
        userName: 'alice',
        email: 'alice@example.com',
        password: ' correct horse ',
      });
      expect(emitted).toEqual([{ type: 'registered', user: aUser }]);
    }
    if (event.type === 'xstate.error.actor.register') {
      expect(s.matches('review')).toBe(true);
      expect(selectError(s)).toBe('userName is already taken');
      expect(emitted).toEqual([{ type: 'registerFailed', reason: 'userName is already taken' }]);
    }
    if (s.matches('done')) {
      expect(selectIsDone(s)).toBe(true);
      expect(emitted).toEqual([{ type: 'signedIn', user: aUser }]);
    }
    if (s.matches('loginFailed')) {
      expect(selectIsDone(s)).toBe(true);
      expect(emitted).toEqual([
        { type: 'loginAfterRegisterFailed', reason: 'Invalid credentials' },
      ]);
    }
    // Only the registration and its login announce anything.
    if (!event.type.startsWith('xstate.done') && !event.type.startsWith('xstate.error')) {
      expect(emitted).toEqual([]);
    }
    // Never a request with a blank field.
    for (const call of fakes.callsOf('register')) {
      const input = call.input as RegisterInput;
      expect([input.fullName, input.userName, input.email, input.password.trim()]).not.toContain(
        '',
      );
    }
    expect(fakes.callsOf('login')).toHaveLength(
      s.matches('loggingIn') || s.matches('done') || s.matches('loginFailed') ? 1 : 0,
    );
  },
};
