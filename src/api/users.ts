/**
 * The session's calls and actors (machines/session.machine.ts): resume the session on load, log
 * out. Every page runs the session, so this is core (src/actors.tsx); the forms' account calls
 * (sign in, sign up, settings) are account.ts, which only their chunks load.
 */
import { fromPromise } from 'xstate';
import type { User } from '../../contract/shapes';
import { request, resumeSession } from './client';
import { takeFirstScreen } from './first-screen';

export async function logout(): Promise<void> {
  await request<unknown>({ method: 'POST', url: '/users/logout' });
}

/** The signed-in user or null, in one call (the server refreshes an expired access token). */
export function currentSession(): Promise<User | null> {
  return takeFirstScreen('session', resumeSession<User>);
}

/** The same calls as XState promise logic, for `machine.provide({ actors })`. */
export const sessionActors = {
  resumeSession: fromPromise<User | null, void>(() => currentSession()),
  logout: fromPromise<void, void>(() => logout()),
};

export type SessionActors = typeof sessionActors;
