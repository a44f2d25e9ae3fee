/**
 * What each state of the signup wizard must mean (signup.model.ts walks the paths): the step and
 * its flags, the problems shown beside step 1's fields, what is asked of the server, how a picked
 * file is checked, and what registering sends and announces.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  selectAvatar,
  selectCanContinue,
  selectCover,
  selectError,
  selectFieldErrors,
  selectImageError,
  selectIsBusy,
  selectIsCheckingImage,
  selectIsConfirming,
  selectIsDone,
  selectIsLoadingDefault,
  selectStep,
  selectStepLabel,
  selectUsesDefaultAvatar,
  selectUsesDefaultCover,
} from '../../machines/signup.selectors.js';
import type { RegisterInput, SignupContext, SignupField } from '../../machines/signup.types.js';
import type { FakeActors, StepInfo } from '../support/model.js';
import { aDefaultImage, aPng, aTextFile, aUser } from './fixtures.js';
import { aHugePng, fieldStatus, refusals, type Snapshot } from './signup-fixtures.js';

const FIELDS: SignupField[] = ['fullName', 'userName', 'email', 'password'];

/** The sentence a person reads for each blank field (contract/field-messages.ts). */
const REQUIRED: Record<SignupField, string> = {
  fullName: 'Full name is required',
  userName: 'User name is required',
  email: 'Enter a valid email address, like name@example.com',
  password: 'Password is required',
};
const USER_NAME_RULE = 'User name may use lower-case letters, digits, dots and underscores';
const TAKEN = 'This user name is already taken';

/** The step each state must show, 0-based. */
function expectedStep(s: Snapshot): number {
  if (s.matches('basicInfo')) return 0;
  if (s.matches('profilePicture')) return 1;
  if (s.matches('coverImage')) return 2;
  return 3;
}

const fine = (c: SignupContext, field: SignupField) =>
  ['ok', 'available', 'unknown'].includes(fieldStatus(c, field)) &&
  c.serverErrors[field] === undefined;
const allFine = (c: SignupContext) => FIELDS.every((field) => fine(c, field));
const identitiesFree = (c: SignupContext) =>
  fieldStatus(c, 'userName') === 'available' && fieldStatus(c, 'email') === 'available';

function assertBasicInfo(s: Snapshot, fakes: FakeActors, { event, previous }: StepInfo) {
  const c = s.context;
  const before = previous as Snapshot | undefined;
  const errors = selectFieldErrors(s);
  expect(selectCanContinue(s)).toBe(
    FIELDS.every((f) => c[f].trim() !== '') && !s.matches({ basicInfo: 'confirming' }),
  );
  expect(selectError(s)).toBeNull();
  // A field that is fine shows nothing: an error disappears once the field is fixed.
  for (const field of FIELDS) if (fine(c, field)) expect(errors[field]).toBeUndefined();
  // What the server said shows at once, without leaving the field.
  if (c.serverErrors.userName !== undefined || fieldStatus(c, 'userName') === 'taken') {
    expect(errors.userName).toBe(TAKEN);
  }
  if (event.type === 'FIELD_LEFT' && fieldStatus(c, 'userName') === 'invalid') {
    expect(errors.userName).toBe(USER_NAME_RULE);
  }
  // A refused Continue shows every problem, each beside its field.
  const refusedContinue =
    before?.matches('basicInfo') && event.type === 'CONTINUE' && !allFine(before.context);
  if (refusedContinue) {
    for (const field of FIELDS) {
      const status = fieldStatus(c, field);
      if (status === 'blank') expect(errors[field]).toBe(REQUIRED[field]);
      if (status === 'invalid' && field === 'userName') expect(errors[field]).toBe(USER_NAME_RULE);
      if (status === 'taken' && field === 'userName') expect(errors[field]).toBe(TAKEN);
    }
  }
  // The server is asked only about valid values, as registering would send them.
  if (s.matches({ basicInfo: 'checking' }) || s.matches({ basicInfo: 'confirming' })) {
    const asked = fakes.lastInput('checkAvailability') as Record<string, string>;
    expect(Object.keys(asked).length).toBeGreaterThan(0);
    if (asked.userName !== undefined) expect(asked.userName).toMatch(/^[a-z0-9_.]{3,30}$/);
    if (asked.email !== undefined) expect(asked.email).toBe('alice@example.com');
  }
  // Typing waits for a pause before asking; a question in flight about older text is dropped.
  if (s.matches({ basicInfo: 'debouncing' })) expect(s.children.checkAvailability).toBeUndefined();
}

/** Continue (or the address's next step) leaves step 1 only when everything is fine and free. */
function assertLeavingBasicInfo(s: Snapshot, { event, previous }: StepInfo) {
  const before = previous as Snapshot | undefined;
  if (!before?.matches('basicInfo')) return;
  const pressed = event.type === 'CONTINUE' || (event.type === 'URL_STEP' && event.step === 1);
  if (pressed) {
    const b = before.context;
    if (!allFine(b)) expect(s.matches('basicInfo')).toBe(true);
    else if (identitiesFree(b)) expect(s.matches('profilePicture')).toBe(true);
    else expect(s.matches({ basicInfo: 'confirming' })).toBe(true);
  }
  if (event.type === 'URL_STEP' && event.step === 3) expect(s.value).toEqual(before.value);
  // The answer to a pressed Continue: on when all is fine and free. A failed check does not hold
  // the person back (registering has the last word).
  if (
    event.type.startsWith('xstate.') &&
    event.type.endsWith('.checkAvailability') &&
    before.matches({ basicInfo: 'confirming' })
  ) {
    const taken =
      fieldStatus(s.context, 'userName') === 'taken' || fieldStatus(s.context, 'email') === 'taken';
    expect(s.matches('profilePicture')).toBe(!taken && allFine(s.context));
  }
}

function assertImageSteps(s: Snapshot, fakes: FakeActors, { event, previous }: StepInfo) {
  const before = previous as Snapshot | undefined;
  const onAvatar = s.matches('profilePicture');
  const label = onAvatar ? 'Profile picture' : 'Cover image';
  const picture = (snap: Snapshot) => (onAvatar ? selectAvatar(snap) : selectCover(snap));
  if (s.matches({ profilePicture: 'choosing' }) || s.matches({ coverImage: 'choosing' })) {
    expect(selectCanContinue(s)).toBe(true);
  }
  if (event.type === 'IMAGE_PICKED' && before) {
    if (event.file === aPng) {
      expect(selectIsCheckingImage(s)).toBe(true);
      expect(fakes.lastInput('decodeImage')).toBe(aPng);
      expect(selectImageError(s)).toBeNull();
    } else {
      // Refused at once, in words; the picture chosen before stays.
      expect(picture(s)).toBe(picture(before));
      expect(selectImageError(s)).toBe(
        event.file === aTextFile
          ? `${label} must be a PNG, JPG, GIF or WebP image`
          : `${label} is larger than 10 MB`,
      );
    }
    expect(event.file === aHugePng || event.file === aTextFile).toBe(!selectIsCheckingImage(s));
  }
  if (event.type === 'xstate.done.actor.decodeImage') {
    expect(picture(s)).toBe(aPng);
    expect(selectImageError(s)).toBeNull();
  }
  if (event.type === 'xstate.error.actor.decodeImage' && before) {
    expect(picture(s)).toBe(picture(before));
    expect(selectImageError(s)).toBe(
      `${label} must be a PNG, JPG, GIF or WebP image that can be read`,
    );
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
    expect(s.matches('coverImage') ? selectAvatar(s) : selectCover(s)).toBe(aDefaultImage);
  }
  if (event.type === 'xstate.error.actor.loadDefaultImage') {
    // No picture to preview, but the review still says the default is used.
    expect(s.matches('coverImage') ? selectAvatar(s) : selectCover(s)).toBeNull();
  }
}

function assertRegistration(s: Snapshot, fakes: FakeActors, { event, emitted }: StepInfo) {
  const c = s.context;
  // Registration sends what the server reads: trimmed, user name and email lower-cased, the
  // password as typed, and only picked pictures.
  if (s.matches('registering')) {
    const input = fakes.lastInput('register') as RegisterInput;
    expect(input).toEqual({
      fullName: 'Alice Example',
      userName: input.userName === 'alice.b' ? 'alice.b' : 'alice',
      email: 'alice@example.com',
      password: ' correct horse ',
      avatar: c.avatarSource === 'picked' ? aPng : null,
      coverImage: c.coverSource === 'picked' ? aPng : null,
    });
    expect(emitted).toEqual([]);
  }
  if (s.matches('loggingIn')) {
    const sent = fakes.lastInput('register') as RegisterInput;
    expect(fakes.lastInput('login')).toEqual({
      userName: sent.userName,
      email: 'alice@example.com',
      password: ' correct horse ',
    });
    expect(emitted).toEqual([{ type: 'registered', user: aUser }]);
  }
  if (event.type === 'xstate.error.actor.register') {
    const message = (event.error as Error).message;
    const sentence = message.replace(/^\w+: /, '');
    expect(emitted).toEqual([{ type: 'registerFailed', reason: sentence }]);
    // Each refusal is shown where the person can fix it.
    if (message === refusals.userName) {
      expect(s.matches('basicInfo')).toBe(true);
      expect(selectFieldErrors(s).userName).toBe(TAKEN);
    } else if (message === refusals.avatar) {
      expect(s.matches('profilePicture')).toBe(true);
      expect(selectImageError(s)).toBe('Profile picture is larger than 10 MB');
    } else if (message === refusals.coverImage) {
      expect(s.matches('coverImage')).toBe(true);
      expect(selectImageError(s)).toBe(sentence);
    } else {
      expect(s.matches('review')).toBe(true);
      expect(selectError(s)).toBe(refusals.none);
    }
  }
  if (s.matches('done')) {
    expect(selectIsDone(s)).toBe(true);
    expect(emitted).toEqual([{ type: 'signedIn', user: aUser }]);
  }
  if (s.matches('loginFailed')) {
    expect(selectIsDone(s)).toBe(true);
    expect(emitted).toEqual([{ type: 'loginAfterRegisterFailed', reason: 'Invalid credentials' }]);
  }
  // Only the registration and its login announce anything.
  if (!event.type.startsWith('xstate.done') && !event.type.startsWith('xstate.error')) {
    expect(emitted).toEqual([]);
  }
  // Never a request with a blank or rule-breaking field.
  for (const call of fakes.callsOf('register')) {
    const input = call.input as RegisterInput;
    expect(input.userName).toMatch(/^[a-z0-9_.]{3,30}$/);
    expect(input.password.trim().length).toBeGreaterThanOrEqual(8);
    expect(input.fullName).not.toBe('');
  }
  expect(fakes.callsOf('login')).toHaveLength(
    s.matches('loggingIn') || s.matches('done') || s.matches('loginFailed') ? 1 : 0,
  );
}

export function assertSignup(snapshot: AnyMachineSnapshot, fakes: FakeActors, step: StepInfo) {
  const s = snapshot as Snapshot;
  const before = step.previous as Snapshot | undefined;

  // Indicator and flags.
  expect(selectStep(s)).toBe(expectedStep(s));
  expect(selectStepLabel(s)).toBe(`Step ${expectedStep(s) + 1} of 4`);
  expect(selectIsBusy(s)).toBe(s.matches('registering') || s.matches('loggingIn'));
  expect(selectIsConfirming(s)).toBe(s.matches({ basicInfo: 'confirming' }));
  expect(selectIsLoadingDefault(s)).toBe(
    s.matches({ profilePicture: 'loadingDefault' }) || s.matches({ coverImage: 'loadingDefault' }),
  );
  expect(selectIsCheckingImage(s)).toBe(
    s.matches({ profilePicture: 'checkingImage' }) || s.matches({ coverImage: 'checkingImage' }),
  );
  expect(selectUsesDefaultAvatar(s)).toBe(s.context.avatarSource !== 'picked');
  expect(selectUsesDefaultCover(s)).toBe(s.context.coverSource !== 'picked');
  if (s.matches('coverImage') || s.matches('review'))
    expect(s.context.avatarSource).not.toBe('none');
  if (s.matches('review')) expect(s.context.coverSource).not.toBe('none');
  if (step.event.type === 'EDIT') expect(s.matches('basicInfo')).toBe(true);
  // Entering another step clears a refused picture.
  const refusedRegistration = step.event.type === 'xstate.error.actor.register';
  if (
    before &&
    selectStep(before) !== selectStep(s) &&
    !s.matches('review') &&
    !refusedRegistration
  ) {
    expect(selectError(s)).toBeNull();
  }
  // The address moves back to any earlier step.
  if (
    step.event.type === 'URL_STEP' &&
    before &&
    (step.event.step as number) < selectStep(before)
  ) {
    expect(selectStep(s)).toBe(step.event.step);
  }

  if (s.matches('basicInfo')) assertBasicInfo(s, fakes, step);
  assertLeavingBasicInfo(s, step);
  assertImageSteps(s, fakes, step);
  assertRegistration(s, fakes, step);
}
