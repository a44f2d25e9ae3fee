/**
 * No password, hash, token or email in any log line. The app logs at trace level into memory while
 * a run goes through every account path that handles a secret, including a failed query whose
 * parameters hold an argon2 hash and an email, and a crash inside a handler; then the log is
 * searched for each secret.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { users } from '../../server/db/schema.js';
import { loggerOptions } from '../../server/http/logging.js';
import type { App } from '../../server/http/app-types.js';
import { USERS, cookieValue, newCredentials } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';

describe('logs', () => {
  let t: TestApp;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ ctx: t.ctx, logger: { ...loggerOptions('trace'), stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('hold no password, hash, token or email after every account path', async () => {
    const secrets: string[] = [];
    const credentials = newCredentials({ password: 'hunter2-very-secret' });
    secrets.push(credentials.password, credentials.email);
    const post = (url: string, payload: object, cookies: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `${USERS}${url}`, payload, cookies });

    expect((await post('/register', credentials)).statusCode).toBe(201);
    // Sign-in takes its three fields only (a JSON body with another key is a 400, issue 29).
    const { fullName: _fullName, ...signIn } = credentials;
    expect((await post('/login', { ...signIn, password: 'wrong-password' })).statusCode).toBe(401);
    const login = await post('/login', signIn);
    expect(login.statusCode).toBe(200);
    const accessToken = cookieValue(login, 'accessToken')!;
    const refreshToken = cookieValue(login, 'refreshToken')!;
    secrets.push(accessToken, refreshToken);
    const refreshed = await post('/refresh-token', {}, { refreshToken });
    expect(refreshed.statusCode).toBe(200);
    secrets.push(cookieValue(refreshed, 'refreshToken')!);
    // Reusing a rotated refresh token revokes the session (a logged security event).
    expect((await post('/refresh-token', { refreshToken })).statusCode).toBe(401);
    const wrongOld = await app.inject({
      method: 'POST',
      url: `${USERS}/change-password`,
      cookies: { accessToken: cookieValue(refreshed, 'accessToken')! },
      payload: { oldPassword: 'not-it', newPassword: 'another-secret-1' },
    });
    expect(wrongOld.statusCode).toBeGreaterThanOrEqual(400);
    secrets.push('another-secret-1');

    // A failed query whose parameters are an argon2 hash and an email: a 500, logged.
    const [stored] = await t.ctx.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.userName, credentials.userName));
    secrets.push(stored!.hash);
    await t.ctx.db.execute(
      sql`alter table users add constraint no_new_users check (false) not valid`,
    );
    const broken = newCredentials({ password: 'second-secret-pw' });
    secrets.push(broken.password, broken.email);
    const failed = await post('/register', broken);
    expect(failed.statusCode).toBe(500);
    await t.ctx.db.execute(sql`alter table users drop constraint no_new_users`);

    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('"type":"DatabaseError"');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain('$argon2');
    expect(log).not.toMatch(/params:/);
  });

  it('write one line per request: method, URL, status and time, without its cookies', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/healthcheck',
      cookies: { accessToken: 'not-a-token-to-log' },
    });
    expect(res.statusCode).toBe(200);
    const entries = lines.map(
      (line) =>
        JSON.parse(line) as {
          msg: string;
          req?: { method: string; url: string };
          res?: { statusCode: number };
          responseTime?: number;
        },
    );
    const requestLines = entries.filter((e) => e.req || e.res);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/healthcheck' },
      res: { statusCode: 200 },
    });
    expect(requestLines[0]!.responseTime).toBeGreaterThanOrEqual(0);
    expect(lines.join('')).not.toContain('not-a-token-to-log');
  });
});
