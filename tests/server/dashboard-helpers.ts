/** Shortcuts for the dashboard suites: engagement made through the real API calls. */
import { expect } from 'vitest';
import type { TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';

export const API = '/api/v1';

/** Sends a request that must succeed and returns its data. */
export async function call<T = unknown>(
  t: TestApp,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
): Promise<T> {
  const res = await t.app.inject({
    method,
    url: `${API}${url}`,
    headers: user.headers,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json<{ data: T }>().data;
}

export const watch = (t: TestApp, viewer: TestUser, videoId: string) =>
  call(t, viewer, 'GET', `/videos/${videoId}`);

export const likeVideo = (t: TestApp, user: TestUser, videoId: string) =>
  call(t, user, 'POST', `/likes/toggle/v/${videoId}`);

export const subscribe = (t: TestApp, user: TestUser, channelId: string) =>
  call(t, user, 'POST', `/subscriptions/c/${channelId}`);

export async function postTweet(t: TestApp, user: TestUser, content = 'A tweet') {
  return (await call<{ _id: string }>(t, user, 'POST', '/tweets', { content }))._id;
}

export async function postComment(t: TestApp, user: TestUser, videoId: string) {
  return (await call<{ _id: string }>(t, user, 'POST', `/comments/${videoId}`, { content: 'Hi' }))
    ._id;
}
