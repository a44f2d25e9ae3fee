/**
 * POST /users/session: the SPA's one start-up call. It answers the user from the access token,
 * or rotates the refresh token when only that is left, or null for a visitor: never a 401.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../contract/shapes.js';
import { sessions } from '../../server/db/schema.js';
import {
  USERS,
  cookieValue,
  setCookieLine,
  signIn,
  signUp,
  type Session,
} from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';

describe('POST /users/session', () => {
  let t: TestApp;
  let ann: Session;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUp(t);
  });
  afterAll(() => t.close());

  const resume = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${USERS}/session`, cookies, headers });
  const userOf = (res: { json: <T>() => T }) =>
    res.json<{ data: { user: User | null } }>().data.user;

  it('answers a visitor with 200 and no user, setting no cookie', async () => {
    const res = await resume({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: { user: null },
      message: 'No session',
      success: true,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers the user from a live access token without rotating anything', async () => {
    const s = await signIn(t, ann.credentials);
    const res = await resume({ accessToken: s.accessToken, refreshToken: s.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(userOf(res)).toMatchObject({ _id: ann.user._id, userName: ann.user.userName });
    expect(res.headers['set-cookie']).toBeUndefined();
    // The refresh token was not used up: it still rotates.
    const again = await resume({ refreshToken: s.refreshToken });
    expect(userOf(again)?._id).toBe(ann.user._id);
  });

  it('rotates both cookies when only the refresh token is left, in the same answer', async () => {
    const s = await signIn(t, ann.credentials);
    const res = await resume({ refreshToken: s.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(userOf(res)).toMatchObject({ _id: ann.user._id, email: ann.user.email });
    expect(setCookieLine(res, 'accessToken')).toMatch(/HttpOnly; SameSite=Lax/);
    const rotated = cookieValue(res, 'refreshToken');
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(s.refreshToken);
    // The new access token is a working session on its own.
    const me = await t.app.inject({
      url: `${USERS}/current-user`,
      cookies: { accessToken: cookieValue(res, 'accessToken')! },
    });
    expect(me.json<{ data: User }>().data._id).toBe(ann.user._id);
  });

  it('answers no user and clears both cookies when the refresh token is dead', async () => {
    const s = await signIn(t, ann.credentials);
    await t.ctx.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, s.refreshToken.split('.')[0]!));
    const res = await resume({ accessToken: s.accessToken, refreshToken: s.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(userOf(res)).toBeNull();
    expect(setCookieLine(res, 'accessToken')).toMatch(/^accessToken=;.*Max-Age=0/);
    expect(setCookieLine(res, 'refreshToken')).toMatch(/^refreshToken=;.*Max-Age=0/);
  });

  it('still treats a replayed refresh token as theft: the session ends for everyone', async () => {
    const s = await signIn(t, ann.credentials);
    const first = await resume({ refreshToken: s.refreshToken });
    const rotated = cookieValue(first, 'refreshToken')!;
    const replay = await resume({ refreshToken: s.refreshToken });
    expect(userOf(replay)).toBeNull();
    expect(userOf(await resume({ refreshToken: rotated }))).toBeNull();
  });

  it('refuses a call from a foreign Origin, as every cookie-changing call', async () => {
    const s = await signIn(t, ann.credentials);
    const res = await resume({ refreshToken: s.refreshToken }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
