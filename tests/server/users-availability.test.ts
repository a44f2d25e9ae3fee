/**
 * POST /users/availability: the sign-up form's "is this taken" check. It answers "taken" or
 * "available" for each value given and nothing else, applies the registration rules and
 * normalisation, refuses bad input in the error envelope, and is rate-limited per IP.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS, newCredentials, register, type Credentials } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';

const URL = `${USERS}/availability`;

function refusal(res: LightMyRequestResponse) {
  return res.json<{ statusCode: number; data: null; message: string; success: boolean }>();
}

describe('POST /users/availability', () => {
  let t: TestApp;
  let taken: Credentials;
  const ask = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: URL, payload: payload as object, headers });

  beforeAll(async () => {
    t = await createTestApp();
    taken = newCredentials();
    expect((await register(t, taken)).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('says "taken" for an existing user name or email, whatever its case and spaces', async () => {
    const res = await ask({
      userName: `  ${taken.userName.toUpperCase()} `,
      email: ` ${taken.email.toUpperCase()}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: { userName: 'taken', email: 'taken' },
      message: 'Availability checked',
      success: true,
    });
  });

  it('says "available" for free values, and answers only what was asked', async () => {
    const free = newCredentials();
    expect((await ask({ userName: free.userName })).json<{ data: unknown }>().data).toEqual({
      userName: 'available',
    });
    expect((await ask({ email: free.email })).json<{ data: unknown }>().data).toEqual({
      email: 'available',
    });
    expect(
      (await ask({ userName: taken.userName, email: free.email })).json<{ data: unknown }>().data,
    ).toEqual({ userName: 'taken', email: 'available' });
  });

  it('tells nothing about the account: the answer is the same shape for taken and free', async () => {
    const takenBody = (await ask({ userName: taken.userName })).body;
    const freeBody = (await ask({ userName: newCredentials().userName })).body;
    expect(takenBody).not.toContain(taken.email);
    expect(takenBody).not.toContain(taken.fullName);
    expect(takenBody.replace('taken', 'available')).toBe(freeBody);
  });

  it('accepts urlencoded and multipart bodies, as every call of the API', async () => {
    const urlencoded = await ask(new URLSearchParams({ userName: taken.userName }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(urlencoded.json<{ data: unknown }>().data).toEqual({ userName: 'taken' });
    const form = new FormData();
    form.append('email', taken.email);
    const multipartRes = await t.app.inject({ method: 'POST', url: URL, payload: form });
    expect(multipartRes.json<{ data: unknown }>().data).toEqual({ email: 'taken' });
  });

  it.each([
    [{}, 'userName: Give a user name or an email to check'],
    [{ userName: '   ' }, 'userName: Give a user name or an email to check'],
    [
      { userName: 'QA Tester!' },
      'userName: User name may use lower-case letters, digits, dots and underscores',
    ],
    [{ userName: 'ab' }, 'userName: User name must be at least 3 characters'],
    [{ email: 'not-an-email' }, 'email: Enter a valid email address, like name@example.com'],
    [{ userName: { $ne: null } }, 'userName: User name must be text'],
    // The rules refuse a NUL before the NUL guard would.
    [
      { userName: 'ali\u0000ce' },
      'userName: User name may use lower-case letters, digits, dots and underscores',
    ],
    [{ email: 'a\u0000@example.org' }, 'email: Enter a valid email address, like name@example.com'],
  ])('refuses %j with 400 in words', async (payload, message) => {
    const res = await ask(payload);
    expect(res.statusCode).toBe(400);
    expect(refusal(res)).toEqual({ statusCode: 400, data: null, message, success: false });
  });

  it('refuses a request from a foreign Origin', async () => {
    const res = await ask({ userName: taken.userName }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(refusal(res)).toMatchObject({ statusCode: 403, data: null, success: false });
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
    }>();
    const post = doc.paths['/api/v1/users/availability']?.post;
    expect(post).toBeDefined();
    expect(Object.keys(post!.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});

describe('POST /users/availability rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ availabilityRateLimit: 3 });
  });
  afterAll(() => t.close());

  it('answers 429 in the envelope after AVAILABILITY_RATE_LIMIT requests a minute from one IP', async () => {
    const ask = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: URL,
        payload: { userName: 'someone' },
        remoteAddress,
      });
    for (let i = 0; i < 3; i += 1) expect((await ask('203.0.113.7')).statusCode).toBe(200);
    const limited = await ask('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(refusal(limited)).toMatchObject({ statusCode: 429, data: null, success: false });
    // Another address has its own allowance.
    expect((await ask('203.0.113.8')).statusCode).toBe(200);
  });
});
