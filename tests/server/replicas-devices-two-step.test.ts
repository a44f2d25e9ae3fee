/**
 * Issue 32 across two replicas over one PostgreSQL database (TEST_DATABASE_URL): a device signed
 * out through one replica is refused at the other, and a second step begun on one replica is
 * finished on the other (tickets and sessions live in the database, nothing in a process).
 */
import { authenticatorCode } from '../support/authenticator.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../contract/devices.js';
import type { SecondStepRequired } from '../../contract/second-step.js';
import { USERS, cookieValue, signUp } from './fixtures/users.js';
import { createTestReplicas, type TestApp } from './helpers.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('devices and two-step across replicas', () => {
  let site: Awaited<ReturnType<typeof createTestReplicas>>;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    site = await createTestReplicas(2);
    [one, two] = site.replicas as [TestApp, TestApp];
  });
  afterAll(() => site.close());

  const login = (replica: TestApp, c: { userName: string; email: string; password: string }) =>
    replica.app.inject({
      method: 'POST',
      url: `${USERS}/login`,
      payload: { userName: c.userName, email: c.email, password: c.password },
    });

  it('refuses at one replica a device signed out through the other', async () => {
    const ann = await signUp(one);
    const other = { accessToken: cookieValue(await login(two, ann.credentials), 'accessToken')! };
    const list = await one.app.inject({ method: 'GET', url: `${USERS}/sessions`, cookies: other });
    const otherId = list
      .json<{ data: { devices: Device[] } }>()
      .data.devices.find((d) => d.current)!._id;
    const out = await one.app.inject({
      method: 'DELETE',
      url: `${USERS}/sessions/${otherId}`,
      cookies: ann.cookies,
    });
    expect(out.statusCode).toBe(200);
    const next = await two.app.inject({
      method: 'GET',
      url: `${USERS}/current-user`,
      cookies: other,
    });
    expect(next.statusCode).toBe(401);
  });

  it('finishes on one replica a second step begun on the other', async () => {
    const ann = await signUp(one);
    const setup = await one.app.inject({
      method: 'POST',
      url: `${USERS}/two-step/setup`,
      cookies: ann.cookies,
    });
    const secret = setup.json<{ data: { secret: string } }>().data.secret;
    // Set up on one replica, confirmed on the other: the sealed secret opens on both.
    const enabled = await two.app.inject({
      method: 'POST',
      url: `${USERS}/two-step/enable`,
      cookies: ann.cookies,
      payload: { code: authenticatorCode(secret) },
    });
    expect(enabled.statusCode).toBe(200);
    const started = await login(one, ann.credentials);
    const { ticket } = started.json<{ data: SecondStepRequired }>().data.secondStep;
    const finished = await two.app.inject({
      method: 'POST',
      url: `${USERS}/login/second-step`,
      payload: { ticket, code: authenticatorCode(secret, 1) },
    });
    expect(finished.statusCode).toBe(200);
    expect(cookieValue(finished, 'accessToken')).toBeTruthy();
  });
});
