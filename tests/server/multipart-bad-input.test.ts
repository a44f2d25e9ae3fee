/**
 * Broken multipart bodies on every route that takes a form with files (issue 7): a
 * `multipart/form-data` header without a boundary, and a body cut off before its closing
 * boundary. Each must answer a 4xx in the error envelope that names the problem, change nothing
 * and leave no temp file. Also: a stranger's upload is refused before its body is read.
 */
import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, videos } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { filesOnDisk } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import { fixture, multipart, pngImage } from './media-fixtures.js';
import { insertVideo } from './video-helpers.js';

interface Target {
  name: string;
  method: 'POST' | 'PATCH';
  url: () => string;
  signedIn: boolean;
  fields: Record<string, string>;
  file: string;
}

describe('broken multipart bodies', () => {
  let t: TestApp;
  let alice: TestUser;
  let videoId: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    videoId = await insertVideo(t, alice, { title: 'Untouched' });
    png = await pngImage();
  });
  afterAll(async () => {
    await t.close();
  });

  const targets: Target[] = [
    {
      name: 'register',
      method: 'POST',
      url: () => '/api/v1/users/register',
      signedIn: false,
      fields: {
        fullName: 'Bob B',
        userName: 'bob',
        email: 'bob@example.com',
        password: 'pw123456',
      },
      file: 'avatar',
    },
    {
      name: 'avatar',
      method: 'PATCH',
      url: () => '/api/v1/users/update-Avatar',
      signedIn: true,
      fields: {},
      file: 'avatar',
    },
    {
      name: 'cover',
      method: 'PATCH',
      url: () => '/api/v1/users/update-CoverImage',
      signedIn: true,
      fields: {},
      file: 'coverImage',
    },
    {
      name: 'upload video',
      method: 'POST',
      url: () => '/api/v1/videos',
      signedIn: true,
      fields: { title: 'New', tags: '["a"]' },
      file: 'thumbnail',
    },
    {
      name: 'edit video',
      method: 'PATCH',
      url: () => `/api/v1/videos/${videoId}`,
      signedIn: true,
      fields: { title: 'Changed' },
      file: 'thumbnail',
    },
  ];

  /** Everything a refused form could have changed. */
  async function snapshot() {
    const [userCount] = await t.ctx.db.select({ n: count() }).from(users);
    const [videoCount] = await t.ctx.db.select({ n: count() }).from(videos);
    const [me] = await t.ctx.db.select().from(users).where(eq(users.id, alice.id));
    const [video] = await t.ctx.db.select().from(videos).where(eq(videos.id, videoId));
    return { userCount, videoCount, me, video, files: await filesOnDisk(t) };
  }

  async function expectRefused(
    target: Target,
    contentType: string,
    payload: Buffer,
    message: RegExp,
  ): Promise<void> {
    const before = await snapshot();
    const res = await t.app.inject({
      method: target.method,
      url: target.url(),
      headers: { 'content-type': contentType, ...(target.signedIn ? alice.headers : {}) },
      payload,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string }>();
    expect(body).toMatchObject({ statusCode: 400, data: null, success: false });
    expect(body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  }

  describe.each(targets)('$name', (target) => {
    it('refuses multipart/form-data without a boundary', async () => {
      const { body } = multipart(target.fields, {
        [target.file]: { filename: 'p.png', contentType: 'image/png', data: png },
      });
      await expectRefused(target, 'multipart/form-data', body, /boundary/i);
    });

    it('refuses a body cut off before its closing boundary, in the file', async () => {
      const { body, headers } = multipart(target.fields, {
        [target.file]: { filename: 'p.png', contentType: 'image/png', data: png },
      });
      // The file part has started (a temp file exists) when the body ends.
      const cut = body.subarray(0, body.length - 40);
      await expectRefused(target, headers['content-type'], cut, /cut off|incomplete/i);
    });

    it('refuses a body that ends without the closing boundary', async () => {
      const { body, headers } = multipart(target.fields, {
        [target.file]: { filename: 'p.png', contentType: 'image/png', data: png },
      });
      const cut = body.subarray(0, body.lastIndexOf('--') - 30);
      await expectRefused(target, headers['content-type'], cut, /cut off|incomplete/i);
    });
  });

  // Text-only calls that also accept multipart (API.md: JSON, urlencoded or multipart).
  describe.each([
    ['login', 'POST', '/api/v1/users/login', { userName: 'alice', password: 'pw123456' }],
    ['refresh-token', 'POST', '/api/v1/users/refresh-token', { refreshToken: 'x.y' }],
    [
      'change-password',
      'POST',
      '/api/v1/users/change-password',
      { oldPassword: 'pw123456', newPassword: 'pw654321' },
    ],
    [
      'account details',
      'PATCH',
      '/api/v1/users/update-Account-Details',
      { fullName: 'Alice A', email: 'new@example.com' },
    ],
  ] as const)('%s', (name, method, url, fields) => {
    const target: Target = { name, method, url: () => url, signedIn: true, fields, file: '' };

    it('refuses multipart/form-data without a boundary', async () => {
      const { body } = multipart(fields);
      await expectRefused(target, 'multipart/form-data', body, /boundary/i);
    });

    it('refuses a body cut off before its closing boundary', async () => {
      const { body, headers } = multipart(fields);
      const cut = body.subarray(0, body.length - 20);
      await expectRefused(target, headers['content-type'], cut, /cut off|incomplete/i);
    });
  });
});

describe("a stranger's upload", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused with 401 before its body is read: nothing reaches the temp folder', async () => {
    const { body, headers } = multipart(
      { title: 'Spam', tags: '["a"]' },
      {
        videoFile: {
          filename: 'big.mp4',
          contentType: 'video/mp4',
          data: Buffer.concat([await fixture('plain.mp4'), Buffer.alloc(4 * 1024 * 1024, 7)]),
        },
      },
    );
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    const reply = new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => {
        chunks.push(c);
        // The answer comes while the body is still on its way; stop sending then.
        if (Buffer.concat(chunks).includes('\r\n\r\n{')) resolve(Buffer.concat(chunks).toString());
      });
      socket.on('error', reject);
    });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/videos HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 1024 * 1024));
    const text = await reply;
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 401/);
    expect(text).toMatch(/"success":false/);
    expect(await filesOnDisk(t)).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/^tmp\//)]),
    );
  });
});
