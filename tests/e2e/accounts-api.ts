/**
 * Accounts made and signed in through the API rather than the screens, for journeys that are
 * about something else: the browser context then carries the session cookies.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface E2eUser {
  fullName: string;
  userName: string;
  email: string;
}

/** Signs `context` in as `user` (the three sign-in fields of the spec); answers the user's id. */
export async function signIn(
  context: Pick<BrowserContext, 'request'>,
  serverUrl: string,
  user: E2eUser,
  password: string,
): Promise<string> {
  const login = await context.request.post(`${serverUrl}/api/v1/users/login`, {
    data: { userName: user.userName, email: user.email, password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { data: { user: { _id: string } } }).data.user._id;
}

/**
 * The envelope's data of GET /api/v1{path}, fetched inside the page, so with exactly the
 * cookies (and the same origin) the page itself has.
 */
export async function pageApi<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api/v1${p}`, { credentials: 'include' });
    return ((await res.json()) as { data: unknown }).data;
  }, path) as Promise<T>;
}

export async function signUpAndSignIn(
  context: BrowserContext,
  serverUrl: string,
  user: E2eUser,
  password: string,
): Promise<void> {
  const register = await context.request.post(`${serverUrl}/api/v1/users/register`, {
    multipart: { ...user, password },
  });
  expect(register.status(), await register.text()).toBe(201);
  await signIn(context, serverUrl, user, password);
}

let made = 0;

/**
 * A user no other test uses (names unique within the run and across reruns on one DATA_DIR), so
 * that a test sets up its own account and can run alone.
 */
export function freshUser(label: string): E2eUser {
  made += 1;
  const tag = `${Date.now().toString(36)}${made}`;
  return {
    fullName: `${label[0]!.toUpperCase()}${label.slice(1)} ${made}`,
    userName: `${label}.${tag}`,
    email: `${label}.${tag}@example.com`,
  };
}
