/**
 * Issue 35: the embedded database answers a signed-in request's session check from memory after
 * the first (auth/session-cache.ts), and every way a session ends is still refused at its very
 * next request: sign-out, a device signed out, all other devices signed out, a password change,
 * a replayed refresh token. Each case first uses the session twice, so its answer is cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../../server/auth/session-cache.js';
import { InProcessBus } from '../../server/events/event-bus.js';
import {
  announceSessionsEnded,
  followSessionsEndedAtOnce,
} from '../../server/events/live-topics.js';
import { USERS, cookieValue, signIn, signUp, type Session } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import { countStatements } from './statement-counter.js';

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe('the session check of signed-in requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const currentUser = (cookies: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `${USERS}/current-user`, cookies });
  /** Signed in and used twice: its session's answer is in the cache now (embedded). */
  async function warm(session: { cookies: Record<string, string> }) {
    expect((await currentUser(session.cookies)).statusCode).toBe(200);
    expect((await currentUser(session.cookies)).statusCode).toBe(200);
  }

  it.skipIf(onPostgres)(
    'costs no statement after the first request of a session (embedded)',
    async () => {
      const ann = await signUp(t);
      const counter = countStatements(t);
      try {
        const history = () =>
          t.app.inject({
            method: 'GET',
            url: `${USERS}/history?page=1&limit=10`,
            cookies: ann.cookies,
          });
        const first = await counter.during(async () =>
          expect((await history()).statusCode).toBe(200),
        );
        const second = await counter.during(async () =>
          expect((await history()).statusCode).toBe(200),
        );
        expect(second).toBe(first - 1);
      } finally {
        counter.restore();
      }
    },
  );

  it('refuses a signed-out session at its next request', async () => {
    const ann = await signUp(t);
    await warm(ann);
    const logout = await t.app.inject({
      method: 'POST',
      url: `${USERS}/logout`,
      cookies: ann.cookies,
    });
    expect(logout.statusCode).toBe(200);
    expect((await currentUser(ann.cookies)).statusCode).toBe(401);
  });

  it('refuses a device signed out from another at its next request', async () => {
    const ann = await signUp(t);
    const phone = await signIn(t, ann.credentials);
    await warm(phone);
    const devices = await t.app.inject({
      method: 'GET',
      url: `${USERS}/sessions`,
      cookies: phone.cookies,
    });
    const phoneId = devices
      .json<{ data: { devices: { _id: string; current: boolean }[] } }>()
      .data.devices.find((d) => d.current)!._id;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `${USERS}/sessions/${phoneId}`,
      cookies: ann.cookies,
    });
    expect(ended.statusCode).toBe(200);
    expect((await currentUser(phone.cookies)).statusCode).toBe(401);
    expect((await currentUser(ann.cookies)).statusCode).toBe(200);
  });

  it('refuses the other devices at their next request after "sign out all other devices"', async () => {
    const ann = await signUp(t);
    const laptop = await signIn(t, ann.credentials);
    await warm(ann);
    await warm(laptop);
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/sessions/sign-out-others`,
      cookies: laptop.cookies,
    });
    expect(res.statusCode).toBe(200);
    expect((await currentUser(ann.cookies)).statusCode).toBe(401);
    expect((await currentUser(laptop.cookies)).statusCode).toBe(200);
  });

  it('refuses the other devices at their next request after a password change', async () => {
    const ann = await signUp(t);
    const other = await signIn(t, ann.credentials);
    await warm(ann);
    await warm(other);
    const changed = await t.app.inject({
      method: 'POST',
      url: `${USERS}/change-password`,
      cookies: ann.cookies,
      payload: { oldPassword: ann.credentials.password, newPassword: 'a brand new secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await currentUser(other.cookies)).statusCode).toBe(401);
    expect((await currentUser(ann.cookies)).statusCode).toBe(200);
  });

  it('refuses the access token of a session a replayed refresh token revoked', async () => {
    const ann: Session = await signUp(t);
    await warm(ann);
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: `${USERS}/refresh-token`, cookies: { refreshToken } });
    const rotated = await refresh(ann.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const accessToken = cookieValue(rotated, 'accessToken')!;
    await warm({ cookies: { accessToken } });
    // The old refresh token comes back: someone holds a copy, the session ends for everyone.
    expect((await refresh(ann.refreshToken)).statusCode).toBe(401);
    expect((await currentUser({ accessToken })).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const expiresIn = (ms: number) => new Date(Date.now() + ms);

  it('keeps a live answer until its session or its user is announced ended, dropped within the announcement', async () => {
    const bus = new InProcessBus();
    const cache = new SessionCache();
    const stop = followSessionsEndedAtOnce(bus, (ended) => cache.ended(ended))!;
    cache.remember(cache.generation, 's1', 'u1', expiresIn(60_000));
    cache.remember(cache.generation, 's2', 'u1', expiresIn(60_000));
    cache.remember(cache.generation, 's3', 'u2', expiresIn(60_000));
    expect(cache.isLive('s1', 'u1')).toBe(true);
    expect(cache.isLive('s1', 'u2')).toBe(false);
    await announceSessionsEnded(bus, { sessionId: 's1' });
    expect(cache.isLive('s1', 'u1')).toBe(false);
    expect(cache.isLive('s2', 'u1')).toBe(true);
    await announceSessionsEnded(bus, { userId: 'u1' });
    expect(cache.isLive('s2', 'u1')).toBe(false);
    expect(cache.isLive('s3', 'u2')).toBe(true);
    stop();
  });

  it('is fed only by a bus that hands the event over inside its announcement', () => {
    const remote = {
      publish: async () => {},
      subscribe: () => () => {},
      onGap: () => () => {},
      close: async () => {},
    };
    expect(followSessionsEndedAtOnce(remote, () => {})).toBeUndefined();
  });

  it('does not keep an answer read before a session ended', async () => {
    const cache = new SessionCache();
    const asked = cache.generation;
    cache.ended({ sessionId: 's1' });
    cache.remember(asked, 's1', 'u1', expiresIn(60_000));
    expect(cache.isLive('s1', 'u1')).toBe(false);
  });

  it('trusts an answer no longer than the session lives, nor than its time to live', () => {
    let now = Date.now();
    const cache = new SessionCache({ ttlMs: 1_000, now: () => now });
    cache.remember(cache.generation, 'short', 'u1', new Date(now + 500));
    cache.remember(cache.generation, 'long', 'u1', new Date(now + 60_000));
    now += 600;
    expect(cache.isLive('short', 'u1')).toBe(false);
    expect(cache.isLive('long', 'u1')).toBe(true);
    now += 500;
    expect(cache.isLive('long', 'u1')).toBe(false);
  });

  it('holds at most maxEntries sessions, dropping the oldest answer first', () => {
    const cache = new SessionCache({ maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) cache.remember(cache.generation, id, 'u', expiresIn(60_000));
    expect(cache.size).toBe(2);
    expect(cache.isLive('a', 'u')).toBe(false);
    expect(cache.isLive('c', 'u')).toBe(true);
  });
});
