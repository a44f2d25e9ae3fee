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
