/**
 * Renders the whole app (real routes, guards, machines and views) with fake API actors and an
 * in-memory location, so account and shell tests see what a user would see.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { LoginAnswer, SecondStepBody } from '../../contract/second-step';
import type { User } from '../../contract/shapes';
import type { Credentials } from '../../machines/sign-in.machine';
import type {
  AvailabilityBody,
  AvailabilityData,
  RegisterInput,
} from '../../machines/signup.types';
import type { AccountActors } from '../../src/api/account';
import { App } from '../../src/app/app';

export const alice: User = {
  _id: 'u_alice',
  userName: 'alice',
  fullName: 'Alice Example',
  email: 'alice@example.com',
  avatar: '/media/avatars/alice.webp',
  coverImage: '/media/covers/alice.webp',
  description: '',
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  emailConfirmed: true,
  pendingEmail: null,
};

/** Records every call of a fake actor, and answers with `answer` (a value or a thrown error). */
export function fake<I, O>(answer: (input: I) => O | Promise<O>) {
  const calls: I[] = [];
  const logic = fromPromise<O, I>(async ({ input }) => {
    calls.push(input);
    return answer(input);
  });
  return { logic, calls };
}

/** A promise that never settles: keeps an actor in its busy state for the test's duration. */
export const never = <T,>() => new Promise<T>(() => undefined);

/** User names and emails the fake server says are taken (trimmed, lower-case, as asked). */
export const takenNames = ['taken_name', 'taken@example.com'];

/**
 * Fakes for every account call; by default signed out and every call succeeds. The browser's
 * decoding of a picked picture fails for a file named `broken.*` (jsdom decodes nothing).
 */
export function accountFakes(signedInAs: User | null = null) {
  return {
    resumeSession: fake<void, User | null>(() => signedInAs),
    logout: fake<void, void>(() => undefined),
    login: fake<Credentials, User>(() => alice),
    signIn: fake<Credentials, LoginAnswer>(() => ({ user: alice })),
    verifySecondStep: fake<SecondStepBody, User>(() => alice),
    register: fake<RegisterInput, User>((input) => ({
      ...alice,
      ...input,
      avatar: '',
      coverImage: '',
    })),
    loadDefaultImage: fake<'avatar' | 'cover', Blob>(
      (kind) => new Blob([kind], { type: 'image/png' }),
    ),
    checkAvailability: fake<AvailabilityBody, AvailabilityData>(({ userName, email }) => {
      const answer = (value: string) => (takenNames.includes(value) ? 'taken' : 'available');
      return {
        ...(userName === undefined ? {} : { userName: answer(userName) }),
        ...(email === undefined ? {} : { email: answer(email) }),
      };
    }),
    decodeImage: fake<Blob, void>((file) => {
      if (file instanceof File && file.name.startsWith('broken.')) throw new Error('EncodingError');
    }),
    updateAccountDetails: fake<{ fullName: string; email: string }, User>((input) => ({
      ...alice,
      ...input,
    })),
    changePassword: fake<{ oldPassword: string; newPassword: string }, void>(() => undefined),
    uploadImage: fake<{ kind: 'avatar' | 'cover'; file: Blob }, User>(({ kind }) => ({
      ...alice,
      [kind === 'avatar' ? 'avatar' : 'coverImage']: `/media/new-${kind}.webp`,
    })),
  };
}

export type AccountFakes = ReturnType<typeof accountFakes>;

function logicOf(fakes: AccountFakes): AccountActors {
  return Object.fromEntries(
    Object.entries(fakes).map(([name, f]) => [name, f.logic]),
  ) as unknown as AccountActors;
}

/**
 * Renders the app at `path`. `applyAccept: false` lets tests offer non-image files to pickers.
 * `session`: who the page's HTML said is signed in (issue 35); without it the session is asked.
 */
export function renderApp(
  path: string,
  fakes: AccountFakes = accountFakes(),
  session?: { user: User | null },
) {
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup({ applyAccept: false });
  const view = render(<App actors={logicOf(fakes)} location={location.hook} session={session} />);
  return {
    ...view,
    user,
    fakes,
    /** The current path (and query) of the in-memory location. */
    path: () => location.history.at(-1) ?? '',
    /** Moves the address as the browser's Back, Forward or a typed URL would. */
    go: (to: string) => location.navigate(to),
  };
}

export const png = (name = 'me.png') => new File(['png-bytes'], name, { type: 'image/png' });
export const textFile = (name = 'notes.txt') => new File(['hello'], name, { type: 'text/plain' });
