import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS, newCredentials, setCookieLine } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';

// A deployment behind HTTPS (COOKIE_SECURE) with a tight sign-in rate limit.
describe('rate limits and secure cookies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: 3, cookieSecure: true });
  });
  afterAll(() => t.close());

  const post = (path: string, payload: Record<string, string>, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: `${USERS}/${path}`, payload, remoteAddress });

  it('marks both cookies Secure when COOKIE_SECURE is on', async () => {
    const credentials = newCredentials();
    expect((await post('register', credentials, '10.0.0.1')).statusCode).toBe(201);
    const { userName, email, password } = credentials;
    const res = await post('login', { userName, email, password }, '10.0.0.1');
    expect(res.statusCode).toBe(200);
    for (const name of ['accessToken', 'refreshToken']) {
      expect(setCookieLine(res, name)).toMatch(/; Secure/);
      expect(setCookieLine(res, name)).toMatch(/; HttpOnly/);
      expect(setCookieLine(res, name)).toMatch(/; SameSite=Lax/);
    }
    const logout = await t.app.inject({
      method: 'POST',
      url: `${USERS}/logout`,
      cookies: { accessToken: res.cookies.find((c) => c.name === 'accessToken')!.value },
    });
    expect(setCookieLine(logout, 'accessToken')).toMatch(/Max-Age=0.*; Secure/);
  });

  it('answers 429 in the JSON envelope once an address exceeds the login limit', async () => {
    const attempt = { userName: 'nobody', email: 'nobody@example.org', password: 'guess12345' };
    for (let i = 0; i < 3; i += 1) {
      expect((await post('login', attempt, '10.0.0.2')).statusCode).toBe(401);
    }
    const limited = await post('login', attempt, '10.0.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/application\/json/);
    expect(limited.json()).toMatchObject({ statusCode: 429, data: null, success: false });
    expect(limited.json<{ message: string }>().message).toMatch(/rate limit/i);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await post('login', attempt, '10.0.0.3')).statusCode).toBe(401);
  });

  it('limits register the same way, without creating the account', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await post('register', newCredentials(), '10.0.0.4')).statusCode).toBe(201);
    }
    const credentials = newCredentials();
    const limited = await post('register', credentials, '10.0.0.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, success: false, data: null });
    const { userName, email, password } = credentials;
    expect((await post('login', { userName, email, password }, '10.0.0.5')).statusCode).toBe(401);
  });
});
