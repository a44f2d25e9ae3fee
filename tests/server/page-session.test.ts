/**
 * Issue 35: the HTML of every SPA route carries who is signed in (server/pages/page-session.ts),
 * as POST /users/session would answer, so the SPA's first paint waits for no session request. A
 * page that names a user is never stored by a cache, and no cache validator lets one caller's page
 * stand for another's.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SESSION_ELEMENT_ID, type FirstSession } from '../../contract/first-screen.js';
import type { User } from '../../contract/shapes.js';
import { signAccessToken } from '../../server/auth/tokens.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { setCookieLine, signIn, signUp, USERS } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';

// A name that would end the data block, open a script, and (U+2028) end a line in old parsers.
const HOSTILE_NAME = '</script><script>alert(1)</script><!-- \u2028\u2029 & "Ann"';
const SESSION_BLOCK = new RegExp(
  `<script type="application/json" id="${FIRST_SESSION_ELEMENT_ID}">([^<]*)</script>`,
);

/** The session the page carries, as the SPA's JSON.parse reads it; undefined without one. */
function sessionOf(html: string): FirstSession | undefined {
  const match = SESSION_BLOCK.exec(html);
  return match ? (JSON.parse(match[1]!) as FirstSession) : undefined;
}

describe('the session in the HTML', () => {
  let t: TestApp;
  let clientDir: string;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-client-'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>VidTube</title></head><body></body></html>',
    );
    t = await createTestApp({ clientDir, firstScreenWaitMs: 60_000 });
    ann = await createUser(t, 'page_ann', HOSTILE_NAME);
    bob = await createUser(t, 'page_bob', 'Bob');
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers });
  /** What the SPA's session call answers for the same cookie. */
  async function sessionCallUser(cookie: string): Promise<User | null> {
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/session`,
      headers: { cookie },
    });
    return res.json<{ data: { user: User | null } }>().data.user;
  }

  it('carries the signed-in user on every route, as the session call answers, and is never stored by a cache', async () => {
    const expected = await sessionCallUser(ann.cookie);
    expect(expected?.userName).toBe('page_ann');
    for (const url of ['/', '/watch/abc', '/search?query=x', '/History', '/Dashboard']) {
      const res = await page(url, ann.headers);
      expect(res.statusCode).toBe(200);
      expect(sessionOf(res.body)).toEqual({ user: expected });
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(String(res.headers.vary)).toMatch(/cookie/i);
    }
  });

  it('says nobody is signed in to a visitor, revalidated and varying with the cookie', async () => {
    for (const url of ['/', '/watch/abc', '/search?query=x', '/History']) {
      const res = await page(url);
      expect(sessionOf(res.body)).toEqual({ user: null });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/cookie/i);
    }
  });

  it('keeps a hostile name inert: one data block, no raw line separators, the same name read back', async () => {
    const { body } = await page('/History', ann.headers);
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<!--');
    expect(body).not.toMatch(/[\u2028\u2029]/);
    // The data block's own end tag is the only one on this page: the name could not close it.
    expect(body.split('</script>')).toHaveLength(2);
    expect(sessionOf(body)).toMatchObject({ user: { fullName: HOSTILE_NAME } });
  });

  it('says nobody for a bad cookie or an ended session, and asks for renewal of a lapsed token', async () => {
    const forged = signAccessToken(
      { uid: ann.id, sid: 'x', exp: Date.now() + 60_000 },
      'another-secret',
    );
    for (const cookie of ['accessToken=garbage', `accessToken=${forged}`]) {
      const res = await page('/', { cookie });
      expect(sessionOf(res.body)).toEqual({ user: null });
      expect(res.headers['cache-control']).toBe('no-cache');
    }

    const cara = await signUp(t);
    const live = await signIn(t, cara.credentials);
    const [payload] = live.accessToken.split('.');
    const { sid, uid } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
      sid: string;
      uid: string;
    };
    const lapsed = signAccessToken(
      { uid, sid, exp: Date.now() - 1_000 },
      t.ctx.config.accessTokenSecret,
    );
    const renew = await page('/', { cookie: `accessToken=${lapsed}` });
    expect(sessionOf(renew.body)).toEqual({ user: null, resume: true });
    expect(renew.headers['cache-control']).toBe('private, no-store');
    // The refresh flow works as before: the session call renews it with the refresh cookie.
    const renewed = await t.app.inject({
      method: 'POST',
      url: `${USERS}/session`,
      cookies: { accessToken: lapsed, refreshToken: live.refreshToken },
    });
    expect(renewed.json<{ data: { user: User | null } }>().data.user?._id).toBe(uid);

    // Logged out: the session ended, so even its lapsed token says nobody.
    await t.app.inject({
      method: 'POST',
      url: `${USERS}/logout`,
      cookies: { accessToken: live.accessToken },
    });
    expect(sessionOf((await page('/', { cookie: `accessToken=${lapsed}` })).body)).toEqual({
      user: null,
    });
    expect(
      sessionOf((await page('/', { cookie: `accessToken=${live.accessToken}` })).body),
    ).toEqual({ user: null });
  });

  it("never answers 304 with another caller's page", async () => {
    const first = await page('/', ann.headers);
    // No validator at all, so a cache has nothing to revalidate one caller's copy with.
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['last-modified']).toBeUndefined();
    const conditional = {
      'if-none-match': '*',
      'if-modified-since': new Date(Date.now() + 60_000).toUTCString(),
    };
    const asBob = await page('/', { ...bob.headers, ...conditional });
    expect(asBob.statusCode).toBe(200);
    expect(sessionOf(asBob.body)).toMatchObject({ user: { userName: 'page_bob' } });
    const asVisitor = await page('/', conditional);
    expect(asVisitor.statusCode).toBe(200);
    expect(sessionOf(asVisitor.body)).toEqual({ user: null });
  });

  it('keeps the access cookie as long as the refresh token, so a lapsed session is told from a visitor', async () => {
    const dan = await signUp(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/login`,
      payload: {
        userName: dan.credentials.userName,
        email: dan.credentials.email,
        password: dan.credentials.password,
      },
    });
    const days30 = 30 * 24 * 60 * 60;
    expect(setCookieLine(res, 'accessToken')).toContain(`Max-Age=${days30}`);
    expect(setCookieLine(res, 'refreshToken')).toContain(`Max-Age=${days30}`);
  });
});
