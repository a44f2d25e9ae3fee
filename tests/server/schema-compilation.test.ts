/**
 * Route schemas compile at a route's first request (server/http/schema-compilers.ts), not at
 * start. Built to compile them all at start, as Fastify does by default, the app still becomes
 * ready: every route's request and response schemas compile. And the two ways answer alike: the
 * same refusals word for word (a JSON body's unknown key and wrong type, a form body's coerced
 * text, a query's bad number), the same accepted bodies and the same serialized replies.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

let lazy: TestApp;
let eager: TestApp;
let lazyUser: TestUser;
let eagerUser: TestUser;

beforeAll(async () => {
  lazy = await createTestApp({}, { schemaCompilation: 'at first use' });
  // ready() compiles every route's schemas here: a schema that does not compile fails this hook.
  eager = await createTestApp({}, { schemaCompilation: 'at start' });
  lazyUser = await createUser(lazy, 'schema_lazy');
  eagerUser = await createUser(eager, 'schema_eager');
});
afterAll(async () => {
  await lazy?.close();
  await eager?.close();
});

/** The status and body of `request` in both apps, each as its own user. */
async function bothAnswer(request: (user: TestUser) => InjectOptions) {
  const [a, b] = await Promise.all([
    lazy.app.inject(request(lazyUser)),
    eager.app.inject(request(eagerUser)),
  ]);
  return {
    lazy: { status: a.statusCode, body: a.json<{ data: unknown }>() },
    eager: { status: b.statusCode, body: b.json<{ data: unknown }>() },
  };
}

const TWEETS = '/api/v1/tweets';

it('refuses a JSON body with a key the contract does not list, in the same words', async () => {
  const answers = await bothAnswer((u) => ({
    method: 'POST',
    url: TWEETS,
    headers: u.headers,
    payload: { content: 'hello', extra: true },
  }));
  expect(answers.lazy.status).toBe(400);
  expect(answers.lazy).toEqual(answers.eager);
});

it('refuses a JSON body whose field has the wrong type, in the same words', async () => {
  const answers = await bothAnswer((u) => ({
    method: 'POST',
    url: TWEETS,
    headers: u.headers,
    payload: { content: 12 },
  }));
  expect(answers.lazy.status).toBe(400);
  expect(answers.lazy).toEqual(answers.eager);
});

it('refuses a query string number that is not one, in the same words', async () => {
  const answers = await bothAnswer(() => ({ method: 'GET', url: '/api/v1/videos?page=first' }));
  expect(answers.lazy.status).toBe(400);
  expect(answers.lazy).toEqual(answers.eager);
});

it('accepts the same bodies and serializes the same replies', async () => {
  const posted = await bothAnswer((u) => ({
    method: 'POST',
    url: TWEETS,
    headers: u.headers,
    payload: { content: 'the same tweet' },
  }));
  expect(posted.lazy.status).toBe(201);
  expect(posted.eager.status).toBe(201);
  const listed = await bothAnswer((u) => ({
    method: 'GET',
    url: `${TWEETS}/user/${u.id}`,
    headers: u.headers,
  }));
  expect(listed.lazy.status).toBe(200);
  const content = (answer: { body: { data: unknown } }) => JSON.stringify(answer.body.data);
  expect(content(listed.lazy)).toContain('the same tweet');
  expect(content(listed.eager)).toContain('the same tweet');
  const health = await bothAnswer(() => ({ method: 'GET', url: '/api/v1/healthcheck' }));
  expect(health.lazy.status).toBe(200);
  expect(health.lazy).toEqual(health.eager);
});
