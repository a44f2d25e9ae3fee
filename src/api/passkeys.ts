/**
 * Passkeys (issue 32): the API calls of contract/passkeys.ts and the browser's side of the two
 * ceremonies (@simplewebauthn/browser), as promise actors for the passkey machines. The browser's
 * refusals become what the machines understand: null when the person closed the prompt (or it
 * timed out), an error with a sentence otherwise.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import {
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyList,
  type RegistrationOptions,
  type SignInOptions,
} from '../../contract/passkeys';
import type { LoginData } from '../../contract/users';
import type { CeremonyOptions, VerifyInput } from '../../machines/passkey-ceremony.machine';
import { request } from './client';

export const NO_WEBAUTHN = 'This browser cannot use passkeys. Sign in with your password.';

const base = '/users/passkeys';

/** The browser's answer, null when the person cancelled, else an error worth showing. */
async function fromBrowser<T>(ceremony: () => Promise<T>): Promise<T | null> {
  if (!browserSupportsWebAuthn()) throw new Error(NO_WEBAUTHN);
  try {
    return await ceremony();
  } catch (error) {
    const { name, code } = error as { name?: string; code?: string };
    if (name === 'NotAllowedError' || name === 'AbortError') return null;
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      throw new Error(PASSKEY_MESSAGES.alreadyAdded);
    }
    // The browser's own wording is for developers: the machine says it in the kind's words.
    throw new Error('');
  }
}

export const passkeyApi = {
  list: () => request<PasskeyList>({ method: 'GET', url: base }),
  rename: ({ id, name }: { id: string; name: string }) =>
    request<Passkey>({ method: 'PATCH', url: `${base}/${id}`, data: { name } }),
  remove: async (id: string) => {
    await request<unknown>({ method: 'DELETE', url: `${base}/${id}` });
  },
  registrationOptions: () =>
    request<RegistrationOptions>({ method: 'POST', url: `${base}/register/options` }),
  register: ({ ticket, answer }: VerifyInput) =>
    request<Passkey>({
      method: 'POST',
      url: `${base}/register`,
      data: { ticket, response: answer as RegistrationResponseJSON },
    }),
  create: (options: unknown) =>
    fromBrowser(() =>
      startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }),
    ),
  signInOptions: ({ secondStepTicket }: { secondStepTicket?: string }) =>
    request<SignInOptions>({
      method: 'POST',
      url: `${base}/sign-in/options`,
      data: secondStepTicket ? { secondStepTicket } : {},
    }),
  sign: (options: unknown) =>
    fromBrowser(() =>
      startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }),
    ),
  signIn: async ({ ticket, answer, secondStepTicket }: VerifyInput) => {
    const data = await request<LoginData>({
      method: 'POST',
      url: `${base}/sign-in`,
      data: {
        ticket,
        response: answer as AuthenticationResponseJSON,
        ...(secondStepTicket ? { secondStepTicket } : {}),
      },
    });
    return data.user;
  },
};

/** The list's actors (machines/passkey-list.machine.ts). */
export const passkeyListActors = {
  loadPasskeys: fromPromise<PasskeyList>(() => passkeyApi.list()),
  renamePasskey: fromPromise<Passkey, { id: string; name: string }>(({ input }) =>
    passkeyApi.rename(input),
  ),
  removePasskey: fromPromise<void, string>(({ input }) => passkeyApi.remove(input)),
};

/** Adding a passkey (machines/passkey-ceremony.machine.ts, kind 'add'). */
export const passkeyAddActors = {
  passkeyRegistrationOptions: fromPromise<CeremonyOptions, { secondStepTicket?: string }>(() =>
    passkeyApi.registrationOptions(),
  ),
  passkeyCreate: fromPromise<unknown, unknown>(({ input }) => passkeyApi.create(input)),
  passkeyRegister: fromPromise<unknown, VerifyInput>(({ input }) => passkeyApi.register(input)),
};

/** Signing in with a passkey (kind 'signIn'). */
export const passkeySignInActors = {
  passkeySignInOptions: fromPromise<CeremonyOptions, { secondStepTicket?: string }>(({ input }) =>
    passkeyApi.signInOptions(input),
  ),
  passkeySign: fromPromise<unknown, unknown>(({ input }) => passkeyApi.sign(input)),
  passkeySignIn: fromPromise<unknown, VerifyInput>(({ input }) => passkeyApi.signIn(input)),
};

export type PasskeyActors = typeof passkeyListActors &
  typeof passkeyAddActors &
  typeof passkeySignInActors;
