import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

describe('core HTTP behaviour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the healthcheck once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/healthcheck' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: { status: 'ok' },
      message: 'Healthy',
      success: true,
    });
  });

  it('accepts a trailing slash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/healthcheck/' });
    expect(res.statusCode).toBe(200);
  });

  it('answers unknown API routes with the JSON 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, data: null, success: false });
  });

  it('refuses a state-changing request from a foreign Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/healthcheck',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'Cross-origin request refused', success: false });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(
      res.json<{ paths: Record<string, unknown> }>().paths['/api/v1/healthcheck'],
    ).toBeDefined();
  });
});
