import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../contract/shapes.js';
import { users } from '../../server/db/schema.js';
import { DomainError } from '../../server/errors.js';
import { insertUser } from '../../server/accounts/users.js';
import {
  USERS,
  filesOnDisk,
  keyOf,
  multipart,
  newCredentials,
  pngImage,
  register,
} from './fixtures/users.js';
import { DEFAULT_AVATAR_KEY, DEFAULT_COVER_KEY } from '../../server/media/default-images.js';
import { createTestApp, type TestApp } from './helpers.js';

/** The labels the refusals name the fields by. */
const LABELS: Record<string, string> = {
  fullName: 'Full name',
  userName: 'User name',
  email: 'Email',
  password: 'Password',
};

const DEFAULT_FILES = [`media/${DEFAULT_AVATAR_KEY}`, `media/${DEFAULT_COVER_KEY}`];

describe('POST /users/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const userCount = async () => (await t.ctx.db.select({ id: users.id }).from(users)).length;
  const mediaFile = (url: string) => path.join(t.dataDir, 'media', keyOf(url));

  it('creates the account from multipart with both images, re-encoded as WebP without metadata', async () => {
    const png = await pngImage(900, 700);
    expect((await sharp(png).metadata()).exif).toBeDefined(); // so "stripped" below means something
    const res = await register(
      t,
      { fullName: '  Ann Lee  ', userName: 'Ann.Lee_1', email: 'Ann.Lee@Example.ORG' },
      {
        avatar: { content: png, filename: 'me.png', type: 'image/png' },
        coverImage: { content: png, filename: 'cover.png', type: 'image/png' },
      },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<{ statusCode: number; success: boolean; data: User }>();
    expect(body).toMatchObject({ statusCode: 201, success: true });
    expect(body.data).toMatchObject({
      userName: 'ann.lee_1',
      email: 'ann.lee@example.org',
      fullName: 'Ann Lee',
      description: '',
      tags: [],
    });
    expect(body.data._id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);
    expect(body.data.avatar).toMatch(
      /^http:\/\/localhost(:\d+)?\/media\/avatar-sizes\/[\w-]+-w320\.webp$/,
    );
    // 900 px is as wide as a 4:1 crop of a 900×700 picture gets: never enlarged.
    expect(body.data.coverImage).toMatch(
      /^http:\/\/localhost(:\d+)?\/media\/cover-sizes\/[\w-]+-w900\.webp$/,
    );

    const avatar = await sharp(await readFile(mediaFile(body.data.avatar))).metadata();
    expect(avatar).toMatchObject({ format: 'webp', width: 320, height: 320 });
    expect(avatar.exif).toBeUndefined();
    const cover = await sharp(await readFile(mediaFile(body.data.coverImage))).metadata();
    expect(cover).toMatchObject({ format: 'webp', width: 900, height: 225 });
    expect(cover.exif).toBeUndefined();

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, body.data._id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('correct horse');
    // The uploads' temp files are gone.
    expect((await filesOnDisk(t)).filter((f) => f.startsWith('tmp'))).toEqual([]);
  });

  it('serves the stored avatar as a media file', async () => {
    const res = await register(
      t,
      {},
      { avatar: { content: await pngImage(), filename: 'a.png', type: 'image/png' } },
    );
    const { avatar } = res.json<{ data: User }>().data;
    const media = await t.app.inject({ method: 'GET', url: new URL(avatar).pathname });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('uses the shared default images when none is sent (JSON body)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/register`,
      payload: newCredentials(),
    });
    expect(res.statusCode).toBe(201);
    const user = res.json<{ data: User }>().data;
    expect(keyOf(user.avatar)).toBe(DEFAULT_AVATAR_KEY);
    expect(keyOf(user.coverImage)).toBe(DEFAULT_COVER_KEY);
    const files = await filesOnDisk(t);
    expect(files).toEqual(expect.arrayContaining(DEFAULT_FILES));
    const meta = await sharp(await readFile(mediaFile(user.coverImage))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 400 });
  });

  it('accepts multipart without files and urlencoded bodies', async () => {
    expect((await register(t)).statusCode).toBe(201);
    const form = await t.app.inject({
      method: 'POST',
      url: `${USERS}/register`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...newCredentials() }).toString(),
    });
    expect(form.statusCode).toBe(201);
  });

  const required = ['fullName', 'userName', 'email', 'password'] as const;
  it.each(required)('refuses a missing %s and stores nothing', async (field) => {
    const before = await userCount();
    const fields: Record<string, string> = { ...newCredentials() };
    delete fields[field];
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/register`,
      payload: multipart(fields),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      data: null,
      message: `${field}: ${LABELS[field]} is required`,
      success: false,
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['fullName', '   '],
    ['userName', '   '],
    ['email', '  '],
    ['password', '          '],
  ])('refuses a blank %s as missing', async (field, value) => {
    const res = await register(t, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(`${field}: ${LABELS[field]} is required`);
  });

  it.each([
    ['fullName', 'x'.repeat(81), 'Full name can be at most 80 characters'],
    ['userName', 'a'.repeat(31), 'User name can be at most 30 characters'],
    ['password', 'p'.repeat(129), 'Password can be at most 128 characters'],
    ['email', `${'a'.repeat(250)}@example.org`, 'Email can be at most 254 characters'],
  ])('refuses an over-long %s', async (field, value, sentence) => {
    const before = await userCount();
    const res = await register(t, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(`${field}: ${sentence}`);
    expect(await userCount()).toBe(before);
  });

  it('accepts the longest allowed values', async () => {
    const res = await register(t, {
      fullName: 'F'.repeat(80),
      userName: 'm'.repeat(30),
      password: 'p'.repeat(128),
    });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['email', 'not-an-email', 'email: Enter a valid email address, like name@example.com'],
    [
      'userName',
      'bad name!',
      'userName: User name may use lower-case letters, digits, dots and underscores',
    ],
    ['userName', 'ab', 'userName: User name must be at least 3 characters'],
    ['password', 'short', 'password: Password must be at least 8 characters'],
  ])('refuses %s %j in words', async (field, value, message) => {
    const res = await register(t, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it('refuses wrong types in a JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/register`,
      payload: { ...newCredentials(), fullName: { first: 'Ann' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'fullName: Full name must be text', data: null });
  });

  it('answers 409 for a taken userName or email, whatever their case', async () => {
    const taken = newCredentials();
    expect((await register(t, taken)).statusCode).toBe(201);
    const before = await userCount();

    const sameName = await register(t, { userName: taken.userName.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      message: 'userName: This user name is already taken',
      data: null,
    });

    const sameEmail = await register(t, { email: taken.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      message: 'email: An account with this email already exists',
    });

    const both = await register(t, { userName: taken.userName, email: taken.email });
    expect(both.json()).toMatchObject({
      message:
        'userName: This user name is already taken; email: An account with this email already exists',
    });
    expect(await userCount()).toBe(before);
  });

  it('lets only one of two simultaneous sign-ups for the same name through', async () => {
    const userName = newCredentials().userName;
    const results = await Promise.all([register(t, { userName }), register(t, { userName })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('turns a unique-constraint race into the same 409', async () => {
    const existing = newCredentials();
    expect((await register(t, existing)).statusCode).toBe(201);
    const attempt = insertUser(t.ctx.db, {
      id: 'race-id-1',
      fullName: 'Racer',
      userName: 'someone_else_race',
      email: existing.email,
      passwordHash: 'x',
      avatarKey: 'defaults/avatar-1.webp',
      coverKey: 'defaults/cover-1.webp',
    });
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({
      kind: 'conflict',
      message: 'email: An account with this email already exists',
    });
  });

  it('refuses a 12 MB image with 413 and leaves nothing behind', async () => {
    const before = await filesOnDisk(t);
    const count = await userCount();
    const big = Buffer.concat([await pngImage(), Buffer.alloc(12 * 1024 * 1024)]);
    const res = await register(
      t,
      {},
      { avatar: { content: big, filename: 'big.png', type: 'image/png' } },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      data: null,
      message: 'avatar: Profile picture is larger than 10 MB',
      success: false,
    });
    expect(await userCount()).toBe(count);
    expect(await filesOnDisk(t)).toEqual(before);
  });

  it('refuses a text file sent as an image with 415 and leaves nothing behind', async () => {
    const before = await filesOnDisk(t);
    const count = await userCount();
    const res = await register(
      t,
      {},
      {
        // A good avatar first: it must not stay stored when the cover fails.
        avatar: { content: await pngImage(), filename: 'a.png', type: 'image/png' },
        coverImage: { content: 'just some text', filename: 'cover.png', type: 'image/png' },
      },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'coverImage: Cover image must be a PNG, JPG, GIF or WebP image that can be read',
    });
    expect(await userCount()).toBe(count);
    expect(await filesOnDisk(t)).toEqual(before);
  });

  it('refuses an unexpected file field', async () => {
    const res = await register(
      t,
      {},
      { resume: { content: 'x', filename: 'cv.txt', type: 'text/plain' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'resume: Resume is not a file this call takes' });
  });

  it('refuses a request from a foreign Origin', async () => {
    const count = await userCount();
    const res = await t.app.inject({
      method: 'POST',
      url: `${USERS}/register`,
      headers: { origin: 'https://evil.example' },
      payload: newCredentials(),
    });
    expect(res.statusCode).toBe(403);
    expect(await userCount()).toBe(count);
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json<{ paths: Record<string, unknown> }>().paths;
    for (const p of [
      'register',
      'login',
      'logout',
      'current-user',
      'refresh-token',
      'change-password',
      'update-Account-Details',
      'update-Avatar',
      'update-CoverImage',
      'channel/{userName}',
    ]) {
      expect(paths[`/api/v1/users/${p}`], p).toBeDefined();
    }
  });
});
