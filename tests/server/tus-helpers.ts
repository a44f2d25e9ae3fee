/**
 * tus requests as a client sends them (tus-js-client does exactly these), through app.inject, and
 * raw ones as an attacker writes them.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { resumableUploadsDir } from '../../server/uploads/resumable-store.http.js';
import { createUser, type TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';
import { multipart } from './media-fixtures.js';

export const UPLOADS = '/api/v1/videos/uploads';
const TUS = { 'tus-resumable': '1.0.0' };

export const VALID_FIELDS = {
  title: 'A long recording',
  description: 'Sent in pieces',
  tags: JSON.stringify(['Travel', 'test']),
  filename: 'recording.mp4',
};

/** tus' Upload-Metadata: `key base64(value)` pairs. */
export function encodeMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export function createUpload(
  t: TestApp,
  user: TestUser,
  length: number,
  fields: Record<string, string> = VALID_FIELDS,
) {
  return t.app.inject({
    method: 'POST',
    url: UPLOADS,
    headers: {
      ...TUS,
      ...user.headers,
      'upload-length': String(length),
      'upload-metadata': encodeMetadata(fields),
    },
  });
}

/** The upload id from a creation's relative Location header. */
export function uploadIdOf(location: unknown): string {
  return String(location).split('/').pop() ?? '';
}

export function headUpload(t: TestApp, user: TestUser, id: string) {
  return t.app.inject({
    method: 'HEAD',
    url: `${UPLOADS}/${id}`,
    headers: { ...TUS, ...user.headers },
  });
}

export function patchUpload(t: TestApp, user: TestUser, id: string, offset: number, bytes: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: `${UPLOADS}/${id}`,
    headers: {
      ...TUS,
      ...user.headers,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

/** The finish call; `fields` (the form as it is now) go as a multipart body, as the SPA sends them. */
export function finishUpload(
  t: TestApp,
  user: TestUser,
  id: string,
  fields?: Record<string, string>,
) {
  const url = `${UPLOADS}/${id}/finish`;
  if (!fields) return t.app.inject({ method: 'POST', url, headers: user.headers });
  const { body, headers } = multipart(fields);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { ...user.headers, ...headers },
  });
}

/** Creates an upload and sends all of `data` in one PATCH; returns the upload id. */
export async function uploadWhole(t: TestApp, user: TestUser, data: Buffer): Promise<string> {
  const id = uploadIdOf((await createUpload(t, user, data.length)).headers.location);
  await patchUpload(t, user, id, 0, data);
  return id;
}

/**
 * Everything an upload is, for "unchanged" checks: what HEAD tells its owner (offset, length,
 * metadata), its bytes and tus' info file on disk.
 */
export async function uploadSnapshot(t: TestApp, owner: TestUser, id: string) {
  const head = await headUpload(t, owner, id);
  const dir = resumableUploadsDir(t.ctx.config);
  const bytes = await readFile(path.join(dir, id));
  return {
    status: head.statusCode,
    offset: head.headers['upload-offset'],
    length: head.headers['upload-length'],
    metadata: head.headers['upload-metadata'],
    sha256: createHash('sha256').update(bytes).digest('hex'),
    info: await readFile(path.join(dir, `${id}.json`), 'utf8'),
  };
}

/**
 * The scene of the ownership tests: Alice's upload of 1000 bytes with 100 sent (bytes 7), Bob's
 * own empty one, and the app listening for raw requests aimed at Alice's.
 */
export async function aliceAndBobUploads(t: TestApp) {
  const alice = await createUser(t);
  const bob = await createUser(t);
  const aliceUpload = uploadIdOf((await createUpload(t, alice, 1000)).headers.location);
  const sent = await patchUpload(t, alice, aliceUpload, 0, Buffer.alloc(100, 7));
  if (sent.statusCode !== 204) throw new Error(`Alice's PATCH: ${sent.statusCode} ${sent.body}`);
  const bobUpload = uploadIdOf((await createUpload(t, bob, 1000)).headers.location);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { alice, bob, aliceUpload, bobUpload, port };
}

export interface RawAnswer {
  target: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request whose target goes on the wire exactly as written (app.inject and fetch normalise
 * URLs: they drop a `#…` and resolve dot segments), to a listening app.
 */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: '127.0.0.1', method, path: target, headers });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          target,
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.end(body);
  });
}

/**
 * How many path segments follow `/videos/uploads` in a raw target (query and fragment cut off):
 * 0 is the creation's route, 1 an upload's, more match no route at all.
 */
export function segmentsAfterUploads(target: string): number {
  return target
    .slice(UPLOADS.length + 1)
    .split(/[?#]/)[0]!
    .split('/')
    .filter(Boolean).length;
}

/** The URL shapes of the issue and their relatives; `mine` is the caller's id, `theirs` Alice's. */
export function hostileTargets(mine: string, theirs: string): string[] {
  return [
    `${mine}?x=/${theirs}`,
    `${mine}?/${theirs}`,
    `${mine}/?x=/${theirs}`,
    `${mine}?x=%2F${theirs}`,
    `${mine}%2F${theirs}`,
    `${mine}%2f${theirs}`,
    `${mine}%3F/${theirs}`,
    `${mine}#/${theirs}`,
    `${mine}/#/${theirs}`,
    `${mine}/${theirs}`,
    `${theirs}/${mine}`,
    `${theirs}/`,
    `${theirs}`,
    `${theirs}?x=/${mine}`,
  ].map((tail) => `${UPLOADS}/${tail}`);
}
