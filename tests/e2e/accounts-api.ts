/**
 * Accounts made and signed in through the API rather than the screens, for journeys that are
 * about something else: the browser context then carries the session cookies.
 */
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

export interface E2eUser {
  fullName: string;
  userName: string;
  email: string;
}

export async function signIn(
  context: BrowserContext,
  serverUrl: string,
  user: E2eUser,
  password: string,
): Promise<void> {
  const login = await context.request.post(`${serverUrl}/api/v1/users/login`, {
    data: { userName: user.userName, email: user.email, password },
  });
  expect(login.status(), await login.text()).toBe(200);
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
