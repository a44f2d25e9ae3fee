/**
 * Bad input never crashes the server: each request below answers a 4xx in the error envelope with
 * a message naming the problem, and changes nothing. (Multipart framing errors have their own
 * tests beside the upload and register tests.)
 */
import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, users, videos } from '../../server/db/schema.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { USERS, newCredentials } from './fixtures/users.js';
import { createTestApp, type TestApp } from './helpers.js';
import { multipart } from './media-fixtures.js';
import { upload } from './video-helpers.js';

const NUL = '\u0000';

function expectRefused(res: LightMyRequestResponse, status: number, message: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ statusCode: number; data: null; message: string; success: boolean }>();
  expect(body).toEqual({ statusCode: status, data: null, message: body.message, success: false });
  expect(body.message).toMatch(message);
  // Early replies carry the same security headers as the rest.
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
}

/** Sends raw bytes over a socket and resolves with everything the server wrote back. */
function rawExchange(port: number, send: (socket: net.Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.on('error', (error) => reject(new Error(`${error.message} after "${received}"`)));
    socket.on('close', () => resolve(received));
    socket.on('connect', () => send(socket));
  });
}

describe('bad input', () => {
  let t: TestApp;
  let alice: TestUser;
  let videoId: string;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice_bad_input');
    const res = await upload(t, alice);
    videoId = res.json<{ data: { _id: string } }>().data._id;
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => t.close());

  describe('a NUL character is refused with 400 naming the field', () => {
    it('in register, login and refresh-token bodies', async () => {
      const before = await t.ctx.db.select({ n: count() }).from(users);
      const reg = await t.app.inject({
        method: 'POST',
        url: `${USERS}/register`,
        payload: newCredentials({ fullName: `Eve${NUL}` }),
      });
      expectRefused(reg, 400, /^fullName: Full name must not contain a NUL character/);
      expect(await t.ctx.db.select({ n: count() }).from(users)).toEqual(before);

      const login = await t.app.inject({
        method: 'POST',
        url: `${USERS}/login`,
        payload: { userName: `alice${NUL}`, password: 'whatever' },
      });
      expectRefused(login, 400, /^userName: User name must not contain a NUL/);
      const refresh = await t.app.inject({
        method: 'POST',
        url: `${USERS}/refresh-token`,
        payload: { refreshToken: `x${NUL}y` },
      });
      expectRefused(refresh, 400, /^refreshToken: Refresh token must not contain a NUL/);
    });

    it('in account details, leaving the account as it was', async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `${USERS}/update-Account-Details`,
        headers: alice.headers,
        payload: { fullName: `New${NUL}Name`, email: 'alice.new@example.com' },
      });
      expectRefused(res, 400, /^fullName: Full name must not contain a NUL/);
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, alice.id));
      expect(row!.fullName).toBe('Full alice_bad_input');
      expect(row!.email).toBe('alice_bad_input@example.com');
    });

    it('in a comment', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/comments/${videoId}`,
        headers: alice.headers,
        payload: { content: `hello${NUL}world` },
      });
      expectRefused(res, 400, /^content: Text must not contain a NUL/);
      const rows = await t.ctx.db.select().from(comments).where(eq(comments.videoId, videoId));
      expect(rows).toHaveLength(0);
    });

    it('in a video title, description or tags, on upload and on edit', async () => {
      const before = await t.ctx.db.select({ n: count() }).from(videos);
      for (const fields of [
        { title: `Ti${NUL}tle`, description: 'd', tags: '["a"]' },
        { title: 'Title', description: `d${NUL}`, tags: '["a"]' },
        { title: 'Title', description: 'd', tags: `["a${NUL}"]` },
      ]) {
        const res = await upload(t, alice, { fields });
        expectRefused(
          res,
          400,
          /^(title|description|tags(\.0)?): (Title|Description|Tags) must not contain a NUL/,
        );
      }
      expect(await t.ctx.db.select({ n: count() }).from(videos)).toEqual(before);

      // JSON text can spell the NUL as an escape, which only parsing the tags reveals.
      const escaped = JSON.stringify(['a\u0000b']);
      expect(escaped).toBe('["a\\u0000b"]');
      const tagsUpload = await upload(t, alice, {
        fields: { title: 'Title', description: 'd', tags: escaped },
      });
      expectRefused(tagsUpload, 400, /^tags: Tags must not contain a NUL/);
      expect(await t.ctx.db.select({ n: count() }).from(videos)).toEqual(before);
      for (const tags of [escaped, ['a\u0000b']]) {
        const tagsEdit = await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/videos/${videoId}`,
          headers: alice.headers,
          payload: { tags },
        });
        expectRefused(tagsEdit, 400, /^tags(\.0)?: Tags must not contain a NUL/);
      }
      const form = multipart({ tags: escaped });
      const multipartEdit = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${videoId}`,
        headers: { ...form.headers, ...alice.headers },
        payload: form.body,
      });
      expectRefused(multipartEdit, 400, /^tags: Tags must not contain a NUL/);
      const [unchanged] = await t.ctx.db.select().from(videos).where(eq(videos.id, videoId));
      expect(unchanged!.tags).toEqual(['home', 'test']);

      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${videoId}`,
        headers: alice.headers,
        payload: { title: `Edited${NUL}` },
      });
      expectRefused(edit, 400, /^title: Title must not contain a NUL/);
      const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, videoId));
      expect(row!.title).toBe('My first clip');
    });

    it('in a query string or a path parameter', async () => {
      for (const [url, field] of [
        ['/api/v1/videos?query=lig%00ht', 'query: Search text'],
        ['/api/v1/videos?tag=mu%00sic', 'tag: Tag'],
        [`${USERS}/channel/ali%00ce`, 'userName: User name'],
      ] as const) {
        const res = await t.app.inject({ url, headers: alice.headers });
        expectRefused(res, 400, new RegExp(`^${field} must not contain a NUL`));
      }
    });
  });

  describe('page and limit out of range', () => {
    const lists = () => [
      '/api/v1/videos',
      '/api/v1/videos/user',
      `/api/v1/comments/${videoId}`,
      `/api/v1/subscriptions/c/${alice.id}`,
      `${USERS}/history`,
    ];
    it.each(['99999999999999', 'Infinity', '-Infinity', '1e309', 'NaN', '9007199254740993'])(
      'page=%s is a 400 on every paged list',
      async (page) => {
        for (const list of lists()) {
          const res = await t.app.inject({ url: `${list}?page=${page}`, headers: alice.headers });
          expectRefused(res, 400, /^page: Page (must be|can be at most)/);
        }
      },
    );
    it.each(['0', '51', '1e309', 'Infinity'])(
      'limit=%s is a 400 on every paged list',
      async (limit) => {
        for (const list of lists()) {
          const res = await t.app.inject({ url: `${list}?limit=${limit}`, headers: alice.headers });
          expectRefused(res, 400, /^limit: Limit (must be|can be at most)/);
        }
      },
    );
    it('the deepest page is still served', async () => {
      const res = await t.app.inject({ url: '/api/v1/videos?page=10000' });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('requests Fastify used to answer in its own shape', () => {
    it('a bad percent-encoding in the path', async () => {
      const res = await t.app.inject({ url: '/api/v1/videos/%zz', headers: alice.headers });
      expectRefused(res, 400, /percent-encoding/);
    });
    it('a path parameter over the length limit', async () => {
      const res = await t.app.inject({ url: `/api/v1/videos/${'a'.repeat(500)}` });
      expectRefused(res, 414, /path parameter is longer/);
    });
    it('headers too large', async () => {
      const reply = await rawExchange(port, (socket) =>
        socket.end(
          `GET /api/v1/healthcheck HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
        ),
      );
      expect(reply).toMatch(/^HTTP\/1.1 431 /);
      expect(reply).toMatch(/x-content-type-options: nosniff/i);
      const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { message: string };
      expect(body).toMatchObject({ statusCode: 431, data: null, success: false });
      expect(body.message).toMatch(/headers are larger/);
    });
    it('a JSON call sent as text/plain is a 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${USERS}/login`,
        headers: { 'content-type': 'text/plain' },
        payload: 'userName=alice',
      });
      expectRefused(res, 415, /content type 'text\/plain'/);
    });
  });

  it('a 10 MB JSON body: the client receives the whole 413 while still sending, no reset', async () => {
    const body = Buffer.alloc(10 * 1024 * 1024, 'a');
    // rawExchange rejects on a socket error (a reset while writing): the answer must arrive.
    const reply = await rawExchange(port, (socket) => {
      socket.write(
        `POST ${USERS}/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      socket.end(body);
    });
    expect(reply).toMatch(/^HTTP\/1.1 413 /);
    expect(reply).toContain('"message":"Request body is larger than the server accepts"');
  });
});
