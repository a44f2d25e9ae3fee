/**
 * Issue 29: JSON bodies are checked as sent. A value of the wrong type is a 400 that names the
 * field (never read as a number or a boolean), a key the contract does not list is a 400 that
 * names it (never dropped), and nothing is stored. Form bodies and query strings are text and are
 * still read into numbers; an id of the wrong length is a 400 naming the parameter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { multipart } from './media-fixtures.js';
import { insertVideo } from './video-helpers.js';

describe('strict JSON bodies', () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let video: string;

  const json = (user: TestUser, method: 'PUT' | 'PATCH' | 'POST', url: string, body: string) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: body,
    });
  const progress = async () => {
    const res = await t.app.inject({
      url: `/api/v1/videos/progress?ids=${video}`,
      headers: viewer.headers,
    });
    return res.json<{ data: { progress: { seconds: number }[] } }>().data.progress;
  };
  const settings = async () =>
    (await t.app.inject({ url: '/api/v1/notifications/settings', headers: viewer.headers })).json<{
      data: Record<string, boolean>;
    }>().data;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'strict_owner');
    viewer = await createUser(t, 'strict_viewer');
    video = await insertVideo(t, owner, { duration: 100 });
  });
  afterAll(() => t.close());

  it.each(['null', '"  "', '"12"', 'true', '[1]', '{}'])(
    'refuses {"seconds": %s} and stores nothing',
    async (value) => {
      const res = await json(viewer, 'PUT', `/videos/${video}/progress`, `{"seconds": ${value}}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, data: null });
      expect(res.json<{ message: string }>().message).toMatch(/^seconds: /);
      expect(await progress()).toEqual([]);
    },
  );

  it('refuses {"comment": null} and leaves the setting on', async () => {
    for (const value of ['null', '0', '"false"', '[false]']) {
      const res = await json(viewer, 'PATCH', '/notifications/settings', `{"comment": ${value}}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^comment: /);
    }
    expect((await settings()).comment).toBe(true);
  });

  it('refuses keys the contract does not list, naming them', async () => {
    const cases: [string, string, string][] = [
      ['PUT', `/videos/${video}/progress`, '{"seconds": 3, "paused": true}'],
      ['PATCH', '/notifications/settings', '{"comment": false, "everything": false}'],
      ['POST', '/tweets', '{"content": "hello", "owner": "someone"}'],
      ['POST', `/comments/${video}`, '{"content": "hello", "likes": 5}'],
    ];
    for (const [method, url, body] of cases) {
      const res = await json(viewer, method as 'PUT', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(
        /^(paused|everything|owner|likes): .* is not a field this call takes$/,
      );
    }
    expect(await progress()).toEqual([]);
    expect((await settings()).comment).toBe(true);
  });

  it('still reads form fields and query strings from text', async () => {
    const form = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/videos/${video}/progress`,
      headers: { ...viewer.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'seconds=12.5',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(await progress()).toEqual([{ videoId: video, seconds: 12.5 }]);
    const { body, headers } = multipart({ seconds: '20' }, {});
    const parts = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/videos/${video}/progress`,
      headers: { ...viewer.headers, ...headers },
      payload: body,
    });
    expect(parts.statusCode, parts.body).toBe(200);
    expect(await progress()).toEqual([{ videoId: video, seconds: 20 }]);
    const page = await t.app.inject({
      url: `/api/v1/comments/${video}?page=2&limit=5`,
      headers: viewer.headers,
    });
    expect(page.json()).toMatchObject({ data: { page: 2, limit: 5 } });
  });

  it('answers 400 naming the parameter for an id of the wrong length', async () => {
    const cases: [string, string, string][] = [
      ['GET', `/videos/${video}x`, 'videoId'],
      ['GET', `/videos/${video.slice(1)}`, 'videoId'],
      ['POST', '/likes/toggle/c/short', 'commentId'],
      ['PATCH', `/playlist/add/${video}/abc`, 'playlistId'],
      ['GET', `/comments/${'a'.repeat(64)}`, 'videoId'],
    ];
    for (const [method, url, field] of cases) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: `/api/v1${url}`,
        headers: viewer.headers,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message, url).toMatch(new RegExp(`^${field}: `));
    }
    // The Watch later alias is no id, and still names the caller's list.
    const later = await t.app.inject({ url: '/api/v1/playlist/WL', headers: viewer.headers });
    expect(later.statusCode).toBe(200);
  });
});
