/**
 * tus requests as a client sends them (tus-js-client does exactly these), through app.inject.
 */
import type { TestUser } from './auth-helpers.js';
import type { TestApp } from './helpers.js';

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

export function finishUpload(t: TestApp, user: TestUser, id: string) {
  return t.app.inject({ method: 'POST', url: `${UPLOADS}/${id}/finish`, headers: user.headers });
}

/** Creates an upload and sends all of `data` in one PATCH; returns the upload id. */
export async function uploadWhole(t: TestApp, user: TestUser, data: Buffer): Promise<string> {
  const id = uploadIdOf((await createUpload(t, user, data.length)).headers.location);
  await patchUpload(t, user, id, 0, data);
  return id;
}
