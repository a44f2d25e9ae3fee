/**
 * tus answers like the rest of the API: every error @tus/server produces keeps its tus status and
 * `Tus-Resumable` header but comes in the JSON error envelope with a clear message, our own
 * refusals before tus carry `Tus-Resumable` too, and `OPTIONS` answers tus discovery (with or
 * without an Origin) while a CORS preflight from a listed origin still works.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';
import {
  UPLOADS,
  VALID_FIELDS,
  createUpload,
  encodeMetadata,
  headUpload,
  patchUpload,
  uploadIdOf,
} from './tus-helpers.js';

const LISTED = 'https://studio.example.org';

function expectTusRefusal(res: LightMyRequestResponse, status: number, message: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['tus-resumable']).toBe('1.0.0');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ message: string }>();
  expect(body).toEqual({ statusCode: status, data: null, message: body.message, success: false });
  expect(body.message).toMatch(message);
}

describe('tus answers in the envelope', () => {
  let t: TestApp;
  let alice: TestUser;
  let id: string;

  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: [LISTED] });
    alice = await createUser(t);
    id = uploadIdOf((await createUpload(t, alice, 100)).headers.location);
    expect((await patchUpload(t, alice, id, 0, Buffer.alloc(40))).statusCode).toBe(204);
  });
  afterAll(() => t.close());

  const patch = (headers: Record<string, string>, payload: Buffer = Buffer.alloc(10)) =>
    t.app.inject({
      method: 'PATCH',
      url: `${UPLOADS}/${id}`,
      headers: { ...alice.headers, ...headers },
      payload,
    });
  /** A creation by Alice with these headers (tus-resumable already set). */
  const create = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: UPLOADS,
      headers: { ...alice.headers, 'tus-resumable': '1.0.0', ...headers },
    });
  const offsetNow = async () => (await headUpload(t, alice, id)).headers['upload-offset'];
  const tusPatch = (offset: string, payload?: Buffer) =>
    patch(
      {
        'tus-resumable': '1.0.0',
        'upload-offset': offset,
        'content-type': 'application/offset+octet-stream',
      },
      payload,
    );

  it('keeps the status of every tus error and words it in the envelope', async () => {
    expectTusRefusal(
      await patch({ 'upload-offset': '40', 'content-type': 'application/offset+octet-stream' }),
      412,
      /^Tus-Resumable: is required/,
    );
    expectTusRefusal(await tusPatch('forty'), 400, /^upload-offset: not a valid value/);
    expectTusRefusal(await tusPatch('10'), 409, /^Upload-Offset: does not match/);
    expectTusRefusal(
      await patch({ 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' }),
      403,
      /^Upload-Offset: is required/,
    );
    expectTusRefusal(
      await tusPatch('40', Buffer.alloc(61)),
      413,
      /^videoFile: more bytes than the Upload-Length/,
    );
    // Nothing of the refused requests reached the upload.
    expect(await offsetNow()).toBe('40');

    const gone = uploadIdOf((await createUpload(t, alice, 100)).headers.location);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${UPLOADS}/${gone}`,
      headers: { ...alice.headers, 'tus-resumable': '1.0.0' },
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.headers['tus-resumable']).toBe('1.0.0');
    const afterDelete = await t.app.inject({
      method: 'DELETE',
      url: `${UPLOADS}/${gone}`,
      headers: { ...alice.headers, 'tus-resumable': '1.0.0' },
    });
    expectTusRefusal(afterDelete, 404, /^Upload not found$/);
  });

  it('puts Tus-Resumable on its own refusals before tus', async () => {
    const badMetadata = await create({ 'upload-length': '100', 'upload-metadata': 'title a b' });
    expectTusRefusal(badMetadata, 400, /^Upload-Metadata: /);
    const noLength = await create({ 'upload-metadata': encodeMetadata(VALID_FIELDS) });
    expectTusRefusal(noLength, 400, /^Upload-Length: /);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `${UPLOADS}/${id}`,
      headers: { 'tus-resumable': '1.0.0' },
    });
    expectTusRefusal(anonymous, 401, /^Unauthorized request$/);
  });

  it('refuses with 400 the headers of extensions it does not offer, changing nothing', async () => {
    // A length sent again: the upload has had one since its creation (tus would answer 501).
    expectTusRefusal(
      await patch({
        'tus-resumable': '1.0.0',
        'upload-offset': '40',
        'upload-length': '100',
        'content-type': 'application/offset+octet-stream',
      }),
      400,
      /^Upload-Length: is required once, at creation$/,
    );
    expect(await offsetNow()).toBe('40');
    // A partial upload of a concatenation, or a deferred length: no upload is made.
    for (const [header, message] of [
      ['upload-concat', /^Upload-Concat: is not supported here$/],
      ['upload-defer-length', /^Upload-Defer-Length: is not supported here/],
    ] as const) {
      const created = await create({
        'upload-length': '100',
        [header]: header === 'upload-concat' ? 'partial' : '1',
        'upload-metadata': encodeMetadata(VALID_FIELDS),
      });
      expectTusRefusal(created, 400, message);
      expect(created.headers.location).toBeUndefined();
    }
  });

  it('answers tus discovery to OPTIONS, with or without an Origin', async () => {
    for (const url of [UPLOADS, `${UPLOADS}/${id}`]) {
      for (const headers of [{}, { origin: LISTED }]) {
        const res = await t.app.inject({ method: 'OPTIONS', url, headers });
        expect(res.statusCode, `${url} ${res.body}`).toBe(204);
        expect(res.headers['tus-version']).toBe('1.0.0');
        // What the server really does: no creation-with-upload, deferred length or expiration.
        expect(String(res.headers['tus-extension']).split(',').sort()).toEqual([
          'creation',
          'termination',
        ]);
        expect(res.headers['tus-max-size']).toBe(String(t.ctx.config.maxVideoBytes));
      }
    }
  });

  it('still answers a CORS preflight from a listed origin, and only from one', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: `${UPLOADS}/${id}`,
        headers: {
          origin,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'tus-resumable,upload-offset,content-type',
        },
      });
    const listed = await preflight(LISTED);
    expect(listed.statusCode).toBe(204);
    expect(listed.headers['access-control-allow-origin']).toBe(LISTED);
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(listed.headers['access-control-allow-methods'])).toContain('PATCH');
    const allowed = String(listed.headers['access-control-allow-headers']).toLowerCase();
    for (const header of ['tus-resumable', 'upload-offset', 'content-type']) {
      expect(allowed).toContain(header);
    }
    const foreign = await preflight('https://elsewhere.example.com');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
