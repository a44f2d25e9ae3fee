import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../contract/shapes.js';
import type { Channel } from '../../contract/users.js';
import { subscriptions, userTagScores, users } from '../../server/db/schema.js';
import {
  USERS,
  filesOnDisk,
  keyOf,
  multipart,
  pngImage,
  signIn,
  signUp,
  type FilePart,
  type Session,
} from './fixtures/users.js';
import { DEFAULT_AVATAR_KEY, DEFAULT_COVER_KEY } from '../../server/media/default-images.js';
import { createTestApp, type TestApp } from './helpers.js';

describe('account changes and channels', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const currentUser = (s: Session) =>
    t.app.inject({ method: 'GET', url: `${USERS}/current-user`, cookies: s.cookies });
  const rowOf = async (id: string) =>
    (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  describe('POST /users/change-password', () => {
    const change = (s: Session | null, payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `${USERS}/change-password`,
        cookies: s?.cookies ?? {},
        payload,
      });

    it('refuses a wrong old password and changes nothing', async () => {
      const here = await signUp(t);
      const elsewhere = await signIn(t, here.credentials);
      const res = await change(here, {
        oldPassword: 'not my password',
        newPassword: 'brand new pass',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        data: null,
        message: 'oldPassword: The current password is not correct',
        success: false,
      });
      expect((await currentUser(elsewhere)).statusCode).toBe(200);
      await signIn(t, here.credentials); // the old password still works
    });

    it('refuses a new password equal to the current one, changing nothing', async () => {
      const here = await signUp(t);
      const elsewhere = await signIn(t, here.credentials);
      const before = (await rowOf(here.user._id)).passwordHash;
      const res = await change(here, {
        oldPassword: here.credentials.password,
        newPassword: here.credentials.password,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        data: null,
        message: 'newPassword: The new password must be different from the current one',
        success: false,
      });
      // Nothing changed: the same hash, and the other session was not signed out.
      expect((await rowOf(here.user._id)).passwordHash).toBe(before);
      expect((await currentUser(elsewhere)).statusCode).toBe(200);
    });

    it('changes the password, keeps this session and signs out every other one', async () => {
      const here = await signUp(t);
      const elsewhere = await signIn(t, here.credentials);
      const res = await change(here, {
        oldPassword: here.credentials.password,
        newPassword: 'brand new pass',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: {}, success: true });

      expect((await currentUser(here)).statusCode).toBe(200);
      expect((await currentUser(elsewhere)).statusCode).toBe(401);
      const refreshElsewhere = await t.app.inject({
        method: 'POST',
        url: `${USERS}/refresh-token`,
        cookies: { refreshToken: elsewhere.refreshToken },
      });
      expect(refreshElsewhere.statusCode).toBe(401);

      await expect(signIn(t, here.credentials)).rejects.toThrow(/Invalid credentials/);
      await signIn(t, { ...here.credentials, password: 'brand new pass' });
    });

    it('accepts a urlencoded body', async () => {
      const s = await signUp(t);
      const res = await t.app.inject({
        method: 'POST',
        url: `${USERS}/change-password`,
        cookies: s.cookies,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          oldPassword: s.credentials.password,
          newPassword: 'another good one',
        }).toString(),
      });
      expect(res.statusCode).toBe(200);
    });

    it.each([
      [{ oldPassword: 'whatever1' }, 'newPassword: New password is required'],
      [{ newPassword: 'whatever12' }, 'oldPassword: Current password is required'],
      [
        { oldPassword: 'whatever1', newPassword: 'short' },
        'newPassword: New password must be at least 8 characters',
      ],
      [
        { oldPassword: 'whatever1', newPassword: '          ' },
        'newPassword: New password is required',
      ],
      [
        { oldPassword: 'whatever1', newPassword: 'n'.repeat(129) },
        'newPassword: New password can be at most 128 characters',
      ],
    ])('refuses %j in words', async (payload, message) => {
      const s = await signUp(t);
      const res = await change(s, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    });

    it('answers 401 when not signed in', async () => {
      const res = await change(null, { oldPassword: 'whatever1', newPassword: 'whatever12' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PATCH /users/update-Account-Details', () => {
    const update = (s: Session | null, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `${USERS}/update-Account-Details`,
        cookies: s?.cookies ?? {},
        payload,
      });

    it('changes the full name at once and keeps a new email pending until it confirms', async () => {
      const s = await signUp(t);
      const res = await update(s, { fullName: '  New Name ', email: 'New.Address@Example.org' });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: User }>().data).toMatchObject({
        _id: s.user._id,
        userName: s.user.userName,
        fullName: 'New Name',
        email: s.credentials.email,
        pendingEmail: 'new.address@example.org',
        avatar: s.user.avatar,
      });
      const row = await rowOf(s.user._id);
      expect(row).toMatchObject({
        fullName: 'New Name',
        email: s.credentials.email,
        pendingEmail: 'new.address@example.org',
      });
      await signIn(t, s.credentials);
      const back = await update(s, { fullName: 'New Name', email: s.credentials.email });
      expect(back.json<{ data: User }>().data).toMatchObject({ pendingEmail: null });
    });

    it('keeps the own email without a conflict', async () => {
      const s = await signUp(t);
      const res = await update(s, { fullName: 'Same Mail', email: s.credentials.email });
      expect(res.statusCode).toBe(200);
    });

    it("answers 409 for another account's email and changes nothing", async () => {
      const s = await signUp(t);
      const other = await signUp(t);
      const res = await update(s, {
        fullName: 'Thief',
        email: other.credentials.email.toUpperCase(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'email: An account with this email already exists',
        data: null,
      });
      expect(await rowOf(s.user._id)).toMatchObject({
        fullName: s.user.fullName,
        email: s.user.email,
      });
    });

    it('accepts multipart text fields', async () => {
      const s = await signUp(t);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `${USERS}/update-Account-Details`,
        cookies: s.cookies,
        payload: multipart({ fullName: 'Form Name', email: s.credentials.email }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: User }>().data.fullName).toBe('Form Name');
    });

    it.each([
      [{ email: 'a@example.org' }, 'fullName: Full name is required'],
      [{ fullName: 'Name' }, 'email: Email is required'],
      [{ fullName: '   ', email: 'a@example.org' }, 'fullName: Full name is required'],
      [
        { fullName: 'x'.repeat(81), email: 'a@example.org' },
        'fullName: Full name can be at most 80 characters',
      ],
      [
        { fullName: 'Name', email: 'nope' },
        'email: Enter a valid email address, like name@example.com',
      ],
      [{ fullName: ['a', 'b'], email: 'a@example.org' }, 'fullName: Full name must be text'],
    ])('refuses %j', async (payload, message) => {
      const s = await signUp(t);
      const res = await update(s, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
      expect((await rowOf(s.user._id)).fullName).toBe(s.user.fullName);
    });

    it('answers 401 when not signed in', async () => {
      expect((await update(null, { fullName: 'A', email: 'a@example.org' })).statusCode).toBe(401);
    });
  });

  describe('PATCH /users/update-Avatar and /users/update-CoverImage', () => {
    const upload = (s: Session | null, url: string, field: string, file: FilePart) =>
      t.app.inject({
        method: 'PATCH',
        url: `${USERS}/${url}`,
        cookies: s?.cookies ?? {},
        payload: multipart({}, { [field]: file }),
      });
    const png = async (colour = '#cc3366'): Promise<FilePart> => ({
      content: await pngImage(500, 500, colour),
      filename: 'pic.png',
      type: 'image/png',
    });
    const onDisk = (url: string) => path.join(t.dataDir, 'media', keyOf(url));

    it('replaces the avatar; the old file goes, the shared default stays', async () => {
      const s = await signUp(t);
      expect(keyOf(s.user.avatar)).toBe(DEFAULT_AVATAR_KEY);

      const first = await upload(s, 'update-Avatar', 'avatar', await png());
      expect(first.statusCode).toBe(200);
      const firstUser = first.json<{ data: User }>().data;
      expect(keyOf(firstUser.avatar)).toMatch(/^avatar-sizes\/[\w-]+-w320\.webp$/);
      const meta = await sharp(await readFile(onDisk(firstUser.avatar))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 320, height: 320 });
      expect(meta.exif).toBeUndefined();
      expect((await rowOf(s.user._id)).avatarKey).toBe(keyOf(firstUser.avatar));
      expect(await filesOnDisk(t)).toContain(`media/${DEFAULT_AVATAR_KEY}`);

      const second = await upload(s, 'update-Avatar', 'avatar', await png('#11aa44'));
      expect(second.statusCode).toBe(200);
      const secondUser = second.json<{ data: User }>().data;
      expect(secondUser.avatar).not.toBe(firstUser.avatar);
      const files = await filesOnDisk(t);
      expect(files).toContain(`media/${keyOf(secondUser.avatar)}`);
      expect(files).not.toContain(`media/${keyOf(firstUser.avatar)}`);
      expect((await currentUser(s)).json<{ data: User }>().data.avatar).toBe(secondUser.avatar);
    });

    it('replaces the cover image with a 1600×400 WebP', async () => {
      const s = await signUp(t);
      const wide = { ...(await png()), content: await pngImage(2000, 500) };
      const res = await upload(s, 'update-CoverImage', 'coverImage', wide);
      expect(res.statusCode).toBe(200);
      const user = res.json<{ data: User }>().data;
      expect(keyOf(user.coverImage)).toMatch(/^cover-sizes\/[\w-]+-w1600\.webp$/);
      expect(user.avatar).toBe(s.user.avatar);
      const meta = await sharp(await readFile(onDisk(user.coverImage))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 400 });
      expect(await filesOnDisk(t)).toContain(`media/${DEFAULT_COVER_KEY}`);
    });

    it('refuses a text file (415), a 12 MB file (413) and a missing file (400), changing nothing', async () => {
      const s = await signUp(t);
      const before = await filesOnDisk(t);
      const text = await upload(s, 'update-Avatar', 'avatar', {
        content: 'hello, I am not a picture',
        filename: 'notes.gif',
        type: 'image/gif',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({
        message: 'avatar: Profile picture must be a PNG, JPG, GIF or WebP image that can be read',
      });
      const big = await upload(s, 'update-CoverImage', 'coverImage', {
        content: Buffer.concat([await pngImage(), Buffer.alloc(12 * 1024 * 1024)]),
        filename: 'big.png',
        type: 'image/png',
      });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ message: 'coverImage: Cover image is larger than 10 MB' });
      const missing = await t.app.inject({
        method: 'PATCH',
        url: `${USERS}/update-Avatar`,
        cookies: s.cookies,
        payload: multipart({ note: 'no file here' }),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ message: 'avatar: Profile picture is required' });
      const json = await t.app.inject({
        method: 'PATCH',
        url: `${USERS}/update-Avatar`,
        cookies: s.cookies,
        payload: { avatar: 'http://example.org/a.png' },
      });
      expect(json.statusCode).toBe(415);

      expect(await filesOnDisk(t)).toEqual(before);
      const row = await rowOf(s.user._id);
      expect([row.avatarKey, row.coverKey]).toEqual([
        keyOf(s.user.avatar),
        keyOf(s.user.coverImage),
      ]);
    });

    it('answers 401 when not signed in, before storing anything', async () => {
      const before = await filesOnDisk(t);
      const res = await upload(null, 'update-Avatar', 'avatar', await png());
      expect(res.statusCode).toBe(401);
      expect(await filesOnDisk(t)).toEqual(before);
    });
  });

  describe('GET /users/channel/{userName}', () => {
    it('shows the profile with subscription figures as seen by the caller', async () => {
      const owner = await signUp(t);
      const fan = await signUp(t);
      const stranger = await signUp(t);
      // Subscriptions are created by their own API (another module); rows suffice here.
      await t.ctx.db.insert(subscriptions).values([
        { subscriberId: fan.user._id, channelId: owner.user._id },
        { subscriberId: owner.user._id, channelId: fan.user._id },
        { subscriberId: owner.user._id, channelId: stranger.user._id },
      ]);
      await t.ctx.db.update(users).set({ subscriberCount: 1 }).where(eq(users.id, owner.user._id));

      const asFan = await t.app.inject({
        method: 'GET',
        url: `${USERS}/channel/${owner.user.userName}`,
        cookies: fan.cookies,
      });
      expect(asFan.statusCode).toBe(200);
      expect(asFan.json<{ data: Channel }>().data).toEqual({
        _id: owner.user._id,
        userName: owner.user.userName,
        fullName: owner.user.fullName,
        avatar: owner.user.avatar,
        avatarSizes: owner.user.avatarSizes,
        coverImage: owner.user.coverImage,
        coverImageSizes: owner.user.coverImageSizes,
        description: '',
        subscriberCount: 1,
        channelsSubscribedToCount: 2,
        isSubscribed: true,
      });

      const asStranger = await t.app.inject({
        method: 'GET',
        url: `${USERS}/channel/${owner.user.userName.toUpperCase()}`,
        cookies: stranger.cookies,
      });
      expect(asStranger.json<{ data: Channel }>().data).toMatchObject({
        _id: owner.user._id,
        isSubscribed: false,
      });
    });

    it('answers 404 for an unknown channel and 401 when not signed in', async () => {
      const s = await signUp(t);
      const missing = await t.app.inject({
        method: 'GET',
        url: `${USERS}/channel/no_such_channel`,
        cookies: s.cookies,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        statusCode: 404,
        data: null,
        message: 'Channel not found',
        success: false,
      });
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `${USERS}/channel/${s.user.userName}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('User.tags', () => {
    it('are the top 10 tag scores, best first', async () => {
      const s = await signUp(t);
      expect(s.user.tags).toEqual([]);
      await t.ctx.db.insert(userTagScores).values(
        Array.from({ length: 12 }, (_, i) => ({
          userId: s.user._id,
          tag: `tag${String(i).padStart(2, '0')}`,
          score: i,
        })),
      );
      const res = await currentUser(s);
      expect(res.json<{ data: User }>().data.tags).toEqual(
        Array.from({ length: 10 }, (_, i) => ({ name: `tag${String(11 - i).padStart(2, '0')}` })),
      );
    });
  });
});
