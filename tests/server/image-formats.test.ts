/**
 * Images: the API accepts PNG, JPG, GIF and WebP. Anything else sharp could read, SVG above all
 * (a document that may carry scripts and external references), is a 415 that changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, videos } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { USERS, filesOnDisk, multipart, newCredentials } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import { upload } from './video-helpers.js';

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/></svg>',
);
const svgPart = { content: SVG, filename: 'face.svg', type: 'image/svg+xml' };

describe('image formats', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice_images');
  });
  afterAll(() => t.close());

  it.each([
    ['/update-Avatar', 'avatar', 'Profile picture'],
    ['/update-CoverImage', 'coverImage', 'Cover image'],
  ])('PATCH %s refuses an SVG with 415 and keeps the old image', async (url, field, label) => {
    const before = await filesOnDisk(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${USERS}${url}`,
      headers: alice.headers,
      payload: multipart({}, { [field]: svgPart }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ message: string }>().message).toBe(
      `${field}: ${label} must be a PNG, JPG, GIF or WebP image that can be read`,
    );
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, alice.id));
    expect([row!.avatarKey, row!.coverKey]).toEqual([
      'defaults/avatar-1.webp',
      'defaults/cover-1.webp',
    ]);
    expect(await filesOnDisk(t)).toEqual(before);
  });

  it('register refuses an SVG avatar and creates no account', async () => {
    const credentials = newCredentials();
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/register`,
      payload: multipart(credentials, { avatar: svgPart }),
    });
    expect(res.statusCode).toBe(415);
    const rows = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.userName, credentials.userName));
    expect(rows).toHaveLength(0);
  });

  it('an upload refuses an SVG thumbnail and stores no video', async () => {
    const res = await upload(t, alice, { thumbnail: SVG });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ message: string }>().message).toMatch(
      /^thumbnail: Thumbnail must be a PNG, JPG, GIF or WebP image/,
    );
    expect(await t.ctx.db.select().from(videos).where(eq(videos.ownerId, alice.id))).toHaveLength(
      0,
    );
  });
});
