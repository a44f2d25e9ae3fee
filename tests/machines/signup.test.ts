import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { User } from '../../contract/shapes.js';
import { AVAILABILITY_CHECK_DELAY_MS } from '../../machines/constants.js';
import { imageFileProblem } from '../../machines/image-file-check.js';
import { signupMachine } from '../../machines/signup.machine.js';
import {
  selectCanContinue,
  selectDraft,
  selectFieldErrors,
  selectStep,
} from '../../machines/signup.selectors.js';
import type {
  AvailabilityBody,
  AvailabilityData,
  RegisterInput,
  SignupDraft,
} from '../../machines/signup.types.js';
import { describeModel } from '../support/model-vitest.js';
import { aUser } from './fixtures.js';
import { model } from './signup.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

/** The wizard over a fake server where `taken` user names and emails belong to accounts. */
function open(taken: string[], draft?: Partial<SignupDraft>) {
  const asked: AvailabilityBody[] = [];
  const clock = new SimulatedClock();
  const answer = (value: string | undefined) =>
    value === undefined ? undefined : taken.includes(value) ? 'taken' : 'available';
  const actors = {
    checkAvailability: fromPromise<AvailabilityData, AvailabilityBody>(async ({ input }) => {
      asked.push(input);
      return JSON.parse(
        JSON.stringify({ userName: answer(input.userName), email: answer(input.email) }),
      ) as AvailabilityData;
    }),
    register: fromPromise<User, RegisterInput>(async () => aUser),
  };
  const actor = createActor(signupMachine.provide({ actors }), { input: { draft }, clock });
  actor.start();
  const type = (field: 'fullName' | 'userName' | 'email' | 'password', value: string) =>
    actor.send({ type: 'FIELD_CHANGED', field, value });
  const pause = async () => {
    clock.increment(AVAILABILITY_CHECK_DELAY_MS);
    await settle();
  };
  return { actor, asked, type, pause, errors: () => selectFieldErrors(actor.getSnapshot()) };
}

describe('signup wizard, step 1', () => {
  it('asks once per pause in typing, about the name as the server stores it', async () => {
    const { asked, type, pause } = open([]);
    for (const prefix of ['A', 'Al', 'Ali', 'Alic', ' Alice ']) type('userName', prefix);
    expect(asked).toEqual([]);
    await pause();
    expect(asked).toEqual([{ userName: 'alice' }]);
    // Asked before: not again.
    type('userName', 'alic');
    type('userName', 'alice');
    await pause();
    expect(asked).toHaveLength(1);
  });

  it('says at once that a name is taken, and takes the message away for a free one', async () => {
    const { type, pause, errors, actor } = open(['alice']);
    type('fullName', 'Alice Example');
    type('userName', 'alice');
    type('email', 'alice@example.com');
    type('password', 'correct horse');
    await pause();
    expect(errors()).toEqual({ userName: 'This user name is already taken' });
    actor.send({ type: 'CONTINUE' });
    expect(selectStep(actor.getSnapshot())).toBe(0);
    type('userName', 'alice.b');
    expect(errors()).toEqual({});
    await pause();
    expect(errors()).toEqual({});
    actor.send({ type: 'CONTINUE' });
    expect(selectStep(actor.getSnapshot())).toBe(1);
  });

  it('shows a broken rule once the field is left, and every problem after Continue', () => {
    const { type, errors, actor } = open([]);
    type('userName', 'QA Tester!');
    expect(errors()).toEqual({});
    actor.send({ type: 'FIELD_LEFT', field: 'userName' });
    expect(errors()).toEqual({
      userName: 'User name may use lower-case letters, digits, dots and underscores',
    });
    type('fullName', 'QA');
    type('email', 'not-an-email');
    type('password', 'short');
    expect(selectCanContinue(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'CONTINUE' });
    expect(errors()).toEqual({
      userName: 'User name may use lower-case letters, digits, dots and underscores',
      email: 'Enter a valid email address, like name@example.com',
      password: 'Password must be at least 8 characters',
    });
    expect(selectStep(actor.getSnapshot())).toBe(0);
    // Fixing a field takes its message away as the person types.
    type('password', 'long enough');
    expect(errors().password).toBeUndefined();
  });

  it('restores a draft after a reload (never a password) and asks about it after a pause', async () => {
    const { actor, asked, pause, errors } = open(['alice@example.com'], {
      fullName: 'Alice Example',
      userName: 'alice',
      email: 'alice@example.com',
    });
    expect(selectDraft(actor.getSnapshot())).toEqual({
      fullName: 'Alice Example',
      userName: 'alice',
      email: 'alice@example.com',
    });
    expect(actor.getSnapshot().context.password).toBe('');
    await pause();
    expect(asked).toEqual([{ userName: 'alice', email: 'alice@example.com' }]);
    expect(errors()).toEqual({ email: 'An account with this email already exists' });
  });

  it('ignores what a stored draft should not hold', () => {
    const { actor } = open([], { userName: 42 as unknown as string, password: 'x' } as never);
    expect(selectDraft(actor.getSnapshot())).toEqual({ fullName: '', userName: '', email: '' });
    expect(actor.getSnapshot().context.password).toBe('');
  });
});

describe('picked pictures', () => {
  const png = (size: number) => new Blob([new Uint8Array(size)], { type: 'image/png' });
  it.each([
    [png(0), 'Profile picture is an empty file'],
    [png(13_526_000), 'Profile picture is larger than 10 MB'],
    [
      new Blob(['<svg/>'], { type: 'image/svg+xml' }),
      'Profile picture must be a PNG, JPG, GIF or WebP image',
    ],
    [new Blob(['x'], { type: '' }), 'Profile picture must be a PNG, JPG, GIF or WebP image'],
    [png(10 * 1024 * 1024), null],
  ])('%o → %s', (file, problem) => {
    expect(imageFileProblem('avatar', file)).toBe(problem);
  });
});
