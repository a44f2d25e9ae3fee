/**
 * An upload held in flight on one replica, for the rolling restart's check that a draining
 * replica finishes what it has: a tus PATCH whose headers the replica answered with
 * `100 Continue` (so it is being handled there, not waiting in a queue), with half of its body
 * sent and the rest held until `finish()`.
 */
import http from 'node:http';
import { encodeMetadata } from '../server/tus-helpers.js';
import type { Session } from './harness.js';

const TUS = { 'tus-resumable': '1.0.0' };

export interface HeldUpload {
  /** Sends the rest of the body. */
  finish(): void;
  /** The replica's answer once the body is all there; rejects when the connection broke. */
  answer: Promise<{ status: number; offset: string | undefined }>;
}

export async function holdUpload(session: Session, base: string, bytes: Buffer) {
  const created = await session.request(base, 'POST', '/api/v1/videos/uploads', undefined, {
    ...TUS,
    'upload-length': String(bytes.length),
    'upload-metadata': encodeMetadata({
      title: 'Uploaded through a restart',
      description: 'Its replica is told to stop half way',
      tags: JSON.stringify(['cluster']),
      filename: 'plain.mp4',
    }),
  });
  if (created.status !== 201) throw new Error(`tus creation: ${created.status}`);
  const request = http.request(`${base}${created.headers.get('location')!}`, {
    method: 'PATCH',
    headers: {
      ...session.ownHeaders(),
      ...TUS,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(bytes.length),
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; offset: string | undefined }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          offset: response.headers['upload-offset'] as string | undefined,
        }),
      );
    });
  });
  answer.catch(() => {}); // the caller awaits it
  await new Promise<void>((resolve, reject) => {
    request.once('continue', resolve);
    request.once('error', reject);
  });
  const half = Math.floor(bytes.length / 2);
  request.write(bytes.subarray(0, half));
  return { answer, finish: () => request.end(bytes.subarray(half)) } satisfies HeldUpload;
}
