import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../contract/shapes.js';
import { sessions } from '../../server/db/schema.js';
import {
  USERS,
  cookieValue,
  multipart,
  setCookieLine,
  signIn,
  signUp,
  type Session,
} from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';

const INVALID = {
  statusCode: 401,
  data: null,
  message: 'Invalid credentials',
  success: false,
};

describe('sign-in, sessions and cookies', () => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUp(t);
    bob = await signUp(t);
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `${USERS}/login`, payload });
  const currentUser = (cookies: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `${USERS}/current-user`, cookies });
  const refresh = (refreshToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${USERS}/refresh-token`,
      cookies: refreshToken ? { refreshToken } : {},
    });

  describe('POST /users/login', () => {
    it('signs in with all three fields and sets both cookies with safe attributes', async () => {
      const { userName, email, password } = ann.credentials;
      const res = await login({ userName, email, password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        statusCode: 200,
        success: true,
        data: { user: { _id: ann.user._id, userName, email, tags: [] } },
      });
      const access = setCookieLine(res, 'accessToken');
      expect(access).toMatch(/; HttpOnly/);
      expect(access).toMatch(/; SameSite=Lax/);
      expect(access).toMatch(/; Path=\/;/);
      expect(access).not.toMatch(/Secure/);
      const refreshLine = setCookieLine(res, 'refreshToken');
      expect(refreshLine).toMatch(/; HttpOnly/);
      expect(refreshLine).toMatch(/; SameSite=Lax/);
      // Only the users calls (refresh-token, logout) ever see the refresh token.
      expect(refreshLine).toMatch(/; Path=\/api\/v1\/users;/);
      expect(refreshLine).not.toMatch(/Secure/);
    });

    it('ignores case and surrounding spaces in userName and email', async () => {
      const { userName, email, password } = ann.credentials;
      const res = await login({
        userName: ` ${userName.toUpperCase()} `,
        email: email.toUpperCase(),
        password,
      });
      expect(res.statusCode).toBe(200);
    });

    it('accepts JSON, urlencoded and multipart bodies', async () => {
      const { userName, email, password } = ann.credentials;
      const urlencoded = await t.app.inject({
        method: 'POST',
        url: `${USERS}/login`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ userName, email, password }).toString(),
      });
      expect(urlencoded.statusCode).toBe(200);
      const form = await t.app.inject({
        method: 'POST',
        url: `${USERS}/login`,
        payload: multipart({ userName, email, password }),
      });
      expect(form.statusCode).toBe(200);
    });

    it('answers the same 401 for a wrong password, an unknown user and mixed accounts', async () => {
      const { userName, email, password } = ann.credentials;
      const cases = [
        { userName, email, password: 'wrong password' },
        { userName: 'nobody_here', email: 'nobody@example.org', password },
        { userName, email: bob.credentials.email, password },
        { userName: bob.credentials.userName, email, password },
      ];
      for (const payload of cases) {
        const res = await login(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(401);
        expect(res.json()).toEqual(INVALID);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('signs in with one identifier when the other is not given', async () => {
      const { userName, email, password } = ann.credentials;
      expect((await login({ email, password })).statusCode).toBe(200);
      expect((await login({ userName, password })).statusCode).toBe(200);
      expect((await login({ userName: '', email, password })).statusCode).toBe(200);
    });

    it('refuses a request without password or without any identifier', async () => {
      const noPassword = await login({ userName: 'a_user', email: 'a@example.org' });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json()).toMatchObject({ message: 'password: Password is required' });
      const noName = await login({ password: 'whatever123' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json<{ message: string }>().message).toMatch(/^userName: /);
    });

    it('refuses a login from a foreign Origin without setting cookies', async () => {
      const { userName, email, password } = ann.credentials;
      const res = await t.app.inject({
        method: 'POST',
        url: `${USERS}/login`,
        headers: { origin: 'https://evil.example' },
        payload: { userName, email, password },
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('allows the same origin', async () => {
      const { userName, email, password } = ann.credentials;
      const res = await t.app.inject({
        method: 'POST',
        url: `${USERS}/login`,
        headers: { origin: 'http://localhost:80' },
        payload: { userName, email, password },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('GET /users/current-user', () => {
    it('returns the signed-in user from the cookie or a Bearer header', async () => {
      const byCookie = await currentUser(ann.cookies);
      expect(byCookie.statusCode).toBe(200);
      expect(byCookie.json<{ data: User }>().data).toEqual(ann.user);
      const byHeader = await t.app.inject({
        method: 'GET',
        url: `${USERS}/current-user`,
        headers: { authorization: `Bearer ${bob.accessToken}` },
      });
      expect(byHeader.json<{ data: User }>().data._id).toBe(bob.user._id);
    });

    it('answers 401 without a session or with a forged token', async () => {
      const none = await currentUser({});
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({
        statusCode: 401,
        data: null,
        message: 'Unauthorized request',
        success: false,
      });
      const forged = `${ann.accessToken.split('.')[0]}.forged-signature`;
      expect((await currentUser({ accessToken: forged })).statusCode).toBe(401);
    });
  });

  describe('POST /users/logout', () => {
    it('revokes the session and clears both cookies', async () => {
      const s = await signIn(t, ann.credentials);
      const res = await t.app.inject({
        method: 'POST',
        url: `${USERS}/logout`,
        cookies: { accessToken: s.accessToken, refreshToken: s.refreshToken },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: {}, success: true });
      expect(setCookieLine(res, 'accessToken')).toMatch(/^accessToken=;.*Max-Age=0/);
      expect(setCookieLine(res, 'refreshToken')).toMatch(/^refreshToken=;.*Max-Age=0/);
      // The old tokens are dead even if a copy was kept.
      expect((await currentUser({ accessToken: s.accessToken })).statusCode).toBe(401);
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
      // Other sessions of the same account are untouched.
      expect((await currentUser(ann.cookies)).statusCode).toBe(200);
    });

    it('answers 401 when not signed in', async () => {
      const res = await t.app.inject({ method: 'POST', url: `${USERS}/logout` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, data: null, success: false });
    });

    it('still ends the session when only the refresh token is left', async () => {
      const s = await signIn(t, ann.credentials);
      const res = await t.app.inject({
        method: 'POST',
        url: `${USERS}/logout`,
        cookies: { refreshToken: s.refreshToken },
      });
      expect(res.statusCode).toBe(401);
      expect(setCookieLine(res, 'refreshToken')).toMatch(/^refreshToken=;.*Max-Age=0/);
      expect((await currentUser({ accessToken: s.accessToken })).statusCode).toBe(401);
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    });

    it('ignores a refresh token whose secret is wrong', async () => {
      const s = await signIn(t, ann.credentials);
      const forged = `${s.refreshToken.split('.')[0]!}.wrong-secret`;
      await t.app.inject({
        method: 'POST',
        url: `${USERS}/logout`,
        cookies: { refreshToken: forged },
      });
      expect((await currentUser({ accessToken: s.accessToken })).statusCode).toBe(200);
    });
  });

  describe('POST /users/refresh-token', () => {
    it('rotates both cookies; the new access token works', async () => {
      const s = await signIn(t, ann.credentials);
      const res = await refresh(s.refreshToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: {}, success: true });
      const newRefresh = cookieValue(res, 'refreshToken');
      const newAccess = cookieValue(res, 'accessToken');
      expect(newRefresh).toBeTruthy();
      expect(newRefresh).not.toBe(s.refreshToken);
      expect(setCookieLine(res, 'refreshToken')).toMatch(/HttpOnly; SameSite=Lax/);
      const me = await currentUser({ accessToken: newAccess! });
      expect(me.json<{ data: User }>().data._id).toBe(ann.user._id);
      // And the rotated token rotates again.
      expect((await refresh(newRefresh)).statusCode).toBe(200);
    });

    it('accepts the refresh token in the body for non-browser clients', async () => {
      const s = await signIn(t, bob.credentials);
      const res = await t.app.inject({
        method: 'POST',
        url: `${USERS}/refresh-token`,
        payload: { refreshToken: s.refreshToken },
      });
      expect(res.statusCode).toBe(200);
    });

    it('revokes the session when an old refresh token comes back', async () => {
      const s = await signIn(t, ann.credentials);
      const first = await refresh(s.refreshToken);
      const rotated = cookieValue(first, 'refreshToken')!;
      const rotatedAccess = cookieValue(first, 'accessToken')!;

      const replay = await refresh(s.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ success: false, data: null });
      expect(setCookieLine(replay, 'refreshToken')).toMatch(/^refreshToken=;.*Max-Age=0/);
      expect(setCookieLine(replay, 'accessToken')).toMatch(/^accessToken=;.*Max-Age=0/);
      // The thief's copy and the legitimate rotated token both stop working.
      expect((await refresh(rotated)).statusCode).toBe(401);
      expect((await currentUser({ accessToken: rotatedAccess })).statusCode).toBe(401);
      const [row] = await t.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, s.refreshToken.split('.')[0]!));
      expect(row?.revokedAt).toBeInstanceOf(Date);
    });

    it('answers 401 and clears cookies for an expired refresh token', async () => {
      const s = await signIn(t, ann.credentials);
      const sessionId = s.refreshToken.split('.')[0]!;
      await t.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, sessionId));
      const res = await refresh(s.refreshToken);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Refresh token expired or revoked' });
      expect(setCookieLine(res, 'accessToken')).toMatch(/Max-Age=0/);
      expect(cookieValue(res, 'refreshToken')).toBe('');
    });

    it('answers 401 without a token or with a malformed one', async () => {
      const none = await refresh();
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ message: 'Refresh token is required' });
      expect((await refresh('not-a-token')).statusCode).toBe(401);
      expect((await refresh('unknown.secret')).statusCode).toBe(401);
    });
  });
});
