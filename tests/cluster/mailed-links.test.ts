/**
 * Mailed links across replicas (issue 32): a password reset asked for at one replica is mailed by
 * the worker (the replicas work no jobs here) and its link works at the other replica, once; it
 * ends the sessions the account had on both. Mail leaves as .eml files in the worker's
 * DATA_DIR/outbox (no SMTP_URL in the cluster suite).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkPathOf, nextMail } from '../support/outbox.js';
import { Session, signUp, withCluster, type TestCluster } from './harness.js';

let t: TestCluster;
withCluster((cluster) => (t = cluster));

const NEW_PASSWORD = 'a brand new passphrase';

describe('mailed links across replicas', () => {
  it('resets a password at one replica with the link asked for at the other', async () => {
    const [api1, api2] = t.api;
    const { session, fields } = await signUp(api1);
    const outbox = path.join(t.shared.dir, 'worker', 'outbox');
    const seen = new Set<string>();
    // The sign-up's confirmation link comes first.
    await nextMail(outbox, fields.email, seen);

    const asker = new Session(`10.250.${Math.floor(Math.random() * 254) + 1}.7`);
    const asked = await asker.request(api1, 'POST', '/api/v1/users/password-reset/request', {
      email: fields.email,
    });
    expect(asked.status).toBe(200);
    const token = new URL(
      linkPathOf(await nextMail(outbox, fields.email, seen)),
      api2,
    ).searchParams.get('token');

    const reset = () =>
      asker.request(api2, 'POST', '/api/v1/users/password-reset', {
        token,
        password: NEW_PASSWORD,
      });
    expect((await reset()).status).toBe(200);
    // Used once: the other replica refuses it too.
    expect((await reset()).status).toBe(400);

    // Every session of the account ended, at both replicas.
    for (const api of t.api) {
      expect((await session.request(api, 'GET', '/api/v1/users/current-user')).status).toBe(401);
    }
    const signIn = (api: string, password: string) =>
      new Session(`10.251.${Math.floor(Math.random() * 254) + 1}.8`).request(
        api,
        'POST',
        '/api/v1/users/login',
        { userName: fields.userName, email: fields.email, password },
      );
    expect((await signIn(api1, fields.password)).status).toBe(401);
    expect((await signIn(api2, NEW_PASSWORD)).status).toBe(200);
  });
});
