/**
 * The real implementations of the account forms' promise actors (sign in, sign up, the settings
 * pages), over the one HTTP client. Each is a plain async function wrapped with fromPromise,
 * attached where the form creates its actor (`machine.provide({ actors })`, the actors through
 * usePageActors); tests attach fakes in the same places. Only the forms' chunks import this
 * module; the session's calls, which every page needs, are users.ts.
 */
import { fromPromise } from 'xstate';
import type {
  AccountDetailsBody,
  AvailabilityBody,
  AvailabilityData,
  ChangePasswordBody,
  LoginData,
} from '../../contract/users';
import type { LoginAnswer, SecondStepBody } from '../../contract/second-step';
import type { User } from '../../contract/shapes';
import type { Credentials } from '../../machines/sign-in.machine';
import type { RegisterInput } from '../../machines/signup.types';
import { request } from './client';
import { decodeImage } from '../media/decode-image';

/** The user, or (issue 32) the second step still to take when two-step sign-in is on. */
export function signIn(input: Credentials): Promise<LoginAnswer> {
  return request<LoginAnswer>({ method: 'POST', url: '/users/login', data: input });
}

/** The sign-in right after sign-up: a new account has no second step. */
export async function login(input: Credentials): Promise<User> {
  const answer = await signIn(input);
  if (!('user' in answer)) throw new Error('Sign in to continue');
  return answer.user;
}

/** Finishes a sign-in with an authenticator or recovery code (sets the cookies as login does). */
export async function verifySecondStep(input: SecondStepBody): Promise<User> {
  const data = await request<LoginData>({
    method: 'POST',
    url: '/users/login/second-step',
    data: input,
  });
  return data.user;
}

/** The file name matters only for the server's logs; sharp decides what the bytes are. */
function fileName(blob: Blob, base: string): string {
  return blob instanceof File && blob.name
    ? blob.name
    : `${base}.${blob.type.split('/')[1] ?? 'png'}`;
}

export function register(input: RegisterInput): Promise<User> {
  const form = new FormData();
  form.append('fullName', input.fullName);
  form.append('userName', input.userName);
  form.append('email', input.email);
  form.append('password', input.password);
  if (input.avatar) form.append('avatar', input.avatar, fileName(input.avatar, 'avatar'));
  if (input.coverImage)
    form.append('coverImage', input.coverImage, fileName(input.coverImage, 'cover'));
  return request<User>({ method: 'POST', url: '/users/register', data: form });
}

/** Whether a user name and/or email is taken, for the sign-up form (rate-limited by the server). */
export function checkAvailability(body: AvailabilityBody): Promise<AvailabilityData> {
  return request<AvailabilityData>({ method: 'POST', url: '/users/availability', data: body });
}

export function updateAccountDetails(body: AccountDetailsBody): Promise<User> {
  return request<User>({ method: 'PATCH', url: '/users/update-Account-Details', data: body });
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await request<unknown>({ method: 'POST', url: '/users/change-password', data: body });
}

export function updateAvatar(file: Blob): Promise<User> {
  const form = new FormData();
  form.append('avatar', file, fileName(file, 'avatar'));
  return request<User>({ method: 'PATCH', url: '/users/update-Avatar', data: form });
}

export function updateCoverImage(file: Blob): Promise<User> {
  const form = new FormData();
  form.append('coverImage', file, fileName(file, 'cover'));
  return request<User>({ method: 'PATCH', url: '/users/update-CoverImage', data: form });
}

/** The bundled default pictures (public/), shown in the wizard's review and sent on register. */
export async function loadDefaultImage(kind: 'avatar' | 'cover'): Promise<Blob> {
  const res = await fetch(kind === 'avatar' ? '/default-avatar.png' : '/default-cover.png');
  if (!res.ok) throw new Error(`default ${kind} image unavailable`);
  return res.blob();
}

/** The same calls as XState promise logic, for `machine.provide({ actors })`. */
export const accountActors = {
  login: fromPromise<User, Credentials>(({ input }) => login(input)),
  signIn: fromPromise<LoginAnswer, Credentials>(({ input }) => signIn(input)),
  verifySecondStep: fromPromise<User, SecondStepBody>(({ input }) => verifySecondStep(input)),
  register: fromPromise<User, RegisterInput>(({ input }) => register(input)),
  loadDefaultImage: fromPromise<Blob, 'avatar' | 'cover'>(({ input }) => loadDefaultImage(input)),
  checkAvailability: fromPromise<AvailabilityData, AvailabilityBody>(({ input }) =>
    checkAvailability(input),
  ),
  decodeImage: fromPromise<void, Blob>(({ input }) => decodeImage(input)),
  updateAccountDetails: fromPromise<User, AccountDetailsBody>(({ input }) =>
    updateAccountDetails(input),
  ),
  changePassword: fromPromise<void, Required<ChangePasswordBody>>(({ input }) =>
    changePassword(input),
  ),
  uploadImage: fromPromise<User, { kind: 'avatar' | 'cover'; file: Blob }>(({ input }) =>
    input.kind === 'avatar' ? updateAvatar(input.file) : updateCoverImage(input.file),
  ),
};

export type AccountActors = typeof accountActors;
