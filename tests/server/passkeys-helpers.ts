/** Passkey ceremonies through the API with the software authenticator, for server tests. */
import type { TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';
import {
  assert,
  createCredential,
  type Ceremony,
  type SoftCredential,
} from './software-authenticator.js';

export const PASSKEYS = '/api/v1/users/passkeys';
/** What a browser at http://localhost reports (app.inject's host is localhost:80). */
export const LOCAL: Ceremony = { origin: 'http://localhost', rpId: 'localhost' };
export const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Options {
  ticket: string;
  options: { challenge: string; user: { id: string }; [key: string]: unknown };
}

export async function registrationOptions(t: TestApp, user: TestUser): Promise<Options> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${PASSKEYS}/register/options`,
    headers: user.headers,
  });
  if (res.statusCode !== 200) throw new Error(`options: ${res.statusCode} ${res.body}`);
  return res.json<{ data: Options }>().data;
}

/** Adds a passkey to `user`'s account; its credential, to sign in with. */
export async function addPasskey(
  t: TestApp,
  user: TestUser,
  userAgent = CHROME_LINUX,
): Promise<{ credential: SoftCredential; passkey: { _id: string; name: string } }> {
  const { ticket, options } = await registrationOptions(t, user);
  const { credential, response } = createCredential(options, LOCAL);
  const res = await t.app.inject({
    method: 'POST',
    url: `${PASSKEYS}/register`,
    headers: { ...user.headers, 'user-agent': userAgent },
    payload: { ticket, response },
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return { credential, passkey: res.json<{ data: { _id: string; name: string } }>().data };
}

export async function signInOptions(
  t: TestApp,
  secondStepTicket?: string,
): Promise<{ ticket: string; options: { challenge: string; [key: string]: unknown } }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${PASSKEYS}/sign-in/options`,
    payload: secondStepTicket ? { secondStepTicket } : {},
  });
  if (res.statusCode !== 200) throw new Error(`sign-in options: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { ticket: string; options: { challenge: string } } }>().data;
}

export function signInWith(
  t: TestApp,
  body: { ticket: string; response: unknown; secondStepTicket?: string },
) {
  return t.app.inject({ method: 'POST', url: `${PASSKEYS}/sign-in`, payload: body });
}

export { assert };
