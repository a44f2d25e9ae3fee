/**
 * Two replicas of one site over one PostgreSQL database (TEST_DATABASE_URL): the login limit is
 * the site's, not each replica's, so a balancer spreading attempts over replicas multiplies
 * nothing. The embedded default is one process and keeps the in-memory store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS } from './fixtures/users.js';
import { createTestReplicas, type TestApp } from './helpers.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the login limit across replicas', () => {
  let site: Awaited<ReturnType<typeof createTestReplicas>>;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    site = await createTestReplicas(2, { authRateLimit: 4 });
    [one, two] = site.replicas as [TestApp, TestApp];
  });
  afterAll(() => site.close());

  const attempt = { userName: 'nobody', email: 'nobody@example.org', password: 'guess12345' };
  const login = (replica: TestApp, remoteAddress: string) =>
    replica.app.inject({ method: 'POST', url: `${USERS}/login`, payload: attempt, remoteAddress });

  it('refuses the attempt after the limit, whichever replicas the earlier ones reached', async () => {
    for (const replica of [one, two, one, two]) {
      expect((await login(replica, '10.1.0.1')).statusCode).toBe(401);
    }
    for (const replica of [one, two]) {
      const limited = await login(replica, '10.1.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ statusCode: 429, data: null, success: false });
    }
    // Counted per client address, as on one replica.
    expect((await login(two, '10.1.0.2')).statusCode).toBe(401);
  });

  it('counts attempts racing on both replicas at once exactly', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => login(index % 2 ? one : two, '10.1.0.3')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
  });
});
