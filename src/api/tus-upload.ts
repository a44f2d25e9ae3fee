/**
 * The upload machine's `uploadVideo` actor over tus (tus-js-client, loaded on first use so that
 * it stays out of the pages that never upload). The file goes to `/api/v1/videos/uploads` with the
 * video's fields as metadata (checked by the server before any byte is sent); once every byte is
 * there, `POST /videos/uploads/{id}/finish` sends the thumbnail and answers the new VideoItem.
 *
 * Resuming, decided here:
 * - A dropped connection (a closed laptop lid, a train tunnel, going offline) is retried after
 *   RETRY_DELAYS_MS; each retry asks the server for its offset (HEAD) and sends only the rest.
 *   Retries go on while the browser reports being offline too (tus-js-client would give up).
 * - When the retries run out, the machine shows the failure and keeps the form. The upload's URL
 *   stays in localStorage (tus' fingerprint: name, type, size and date of the file), so Upload
 *   again, even after a page reload with the same file chosen, resumes instead of starting over,
 *   whatever the title, description and tags are now: the finish call sends them, and they
 *   replace those given at creation. The dialog then says how much the server already holds.
 * - Closing the dialog cancels: the upload is terminated on the server (DELETE).
 * - A 401 after the 15-minute access token lapsed refreshes the session once and retries.
 */
import type { DetailedError, Upload } from 'tus-js-client';
import type { VideoItem } from '../../contract/shapes';
import { API_PREFIX } from '../../contract/limits';
import type { UploadRequest } from '../../machines/upload.types';
import { ApiError, refreshSession, request } from './client';

/** 0 s, 1 s, 3 s, 5 s, 10 s, then every 20 s for about ten minutes. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, ...Array<number>(30).fill(20_000)];

const FAILED = 'Failed to upload video';
const NETWORK_ERROR = 'Network error: check your connection';

type TusMetadata = Record<string, string>;

const cancelled = () => new DOMException('Upload cancelled', 'AbortError');

function statusOf(error: DetailedError): number {
  return error.originalResponse?.getStatus() ?? 0;
}

/** The server's own message (our routes answer in the envelope); tus' plain texts are not shown. */
function failureOf(error: Error | DetailedError): ApiError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new ApiError(NETWORK_ERROR, 0);
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown };
    if (typeof body.message === 'string') return new ApiError(body.message, response.getStatus());
  } catch {
    // not JSON: a tus protocol answer
  }
  return new ApiError(FAILED, response.getStatus());
}

/** Network failures, server errors and tus' "try again" answers (409 offset, 423 locked). */
function isTransient(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

/**
 * How many bytes of an earlier upload the server holds, or null when it is gone (finished,
 * expired, another account's): then a new upload starts.
 */
async function heldBytes(uploadUrl: string): Promise<number | null> {
  const head = () =>
    fetch(uploadUrl, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0' },
      credentials: 'same-origin',
    });
  try {
    let response = await head();
    // Back after the 15-minute access token lapsed: the session is renewed once, as elsewhere.
    if (response.status === 401 && (await refreshSession())) response = await head();
    const offset = Number(response.headers.get('Upload-Offset'));
    return response.ok && Number.isSafeInteger(offset) ? offset : null;
  } catch {
    return null;
  }
}

/** Sends the file with tus; resolves with the finished tus upload. */
async function sendFile(input: UploadRequest, signal: AbortSignal): Promise<Upload> {
  const tus = await import('tus-js-client');
  const metadata: TusMetadata = {
    title: input.title,
    description: input.description,
    tags: JSON.stringify(input.tags),
    filename: input.videoFile.name,
  };
  let refresh: Promise<void> = Promise.resolve();
  let sessionLost = false;
  return new Promise<Upload>((resolve, reject) => {
    const upload = new tus.Upload(input.videoFile, {
      endpoint: new URL(`${API_PREFIX}/videos/uploads`, window.location.origin).href,
      metadata,
      retryDelays: RETRY_DELAYS_MS,
      // Removed after the finish call instead, so a failed finish can resume without resending.
      removeFingerprintOnSuccess: false,
      onProgress: (sent, total) => input.onProgress(sent, total),
      onShouldRetry: (error) => {
        const status = statusOf(error);
        if (status === 401 && !sessionLost) {
          refresh = refreshSession().then((alive) => {
            sessionLost = !alive;
          });
          return true;
        }
        if (!isTransient(status)) return false;
        input.onInterrupted();
        return true;
      },
      // A retry after a 401 waits for the new session cookie.
      onBeforeRequest: () => refresh,
      onSuccess: () => resolve(upload),
      onError: (error) => reject(failureOf(error)),
    });
    signal.addEventListener('abort', () => {
      void upload.abort(true).catch(() => {}); // best effort: expiry removes it otherwise
      reject(cancelled());
    });
    upload
      .findPreviousUploads()
      .then(async (previous) => {
        // The newest earlier upload of this very file (tus' fingerprint), whatever its fields.
        // (tus stores creationTime as Date#toString(): compared as dates, not as text.)
        const latest = previous.sort(
          (a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime),
        )[0];
        const held = latest?.uploadUrl ? await heldBytes(latest.uploadUrl) : null;
        if (latest && held !== null) {
          upload.resumeFromPreviousUpload(latest);
          if (held > 0) input.onResumed(held, input.videoFile.size);
        }
        if (!signal.aborted) upload.start();
      })
      .catch(reject);
  });
}

/** Forgets the stored upload URL once the server has answered the finish call for good. */
async function forget(upload: Upload): Promise<void> {
  const tus = await import('tus-js-client');
  for (const previous of await upload.findPreviousUploads()) {
    if (previous.uploadUrl === upload.url) {
      await tus.defaultOptions.urlStorage.removeUpload(previous.urlStorageKey);
    }
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(cancelled());
    });
  });
}

/**
 * `POST /videos/uploads/{id}/finish`, retried like the transfer when the connection drops on the way
 * (the line can go just as the last byte arrived). Any answer from the server is final.
 */
async function finish(
  uploadId: string,
  input: UploadRequest,
  signal: AbortSignal,
): Promise<VideoItem> {
  const form = new FormData();
  // The form as it is now: a resumed upload may have been created with other words.
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('tags', JSON.stringify(input.tags));
  // The server re-encodes the image; the name only helps it guess the type.
  form.append('thumbnail', input.thumbnail, 'thumbnail.jpg');
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await request<VideoItem>({
        method: 'POST',
        url: `/videos/uploads/${encodeURIComponent(uploadId)}/finish`,
        data: form,
        signal,
      });
    } catch (error) {
      const lost = error instanceof ApiError && error.status === 0;
      if (!lost || attempt >= RETRY_DELAYS_MS.length) throw error;
      input.onInterrupted();
      await pause(RETRY_DELAYS_MS[attempt] ?? 0, signal);
    }
  }
}

export async function uploadVideoWithTus(
  input: UploadRequest,
  signal: AbortSignal,
): Promise<VideoItem> {
  const upload = await sendFile(input, signal);
  input.onSent();
  const uploadId = (upload.url ?? '').split('/').pop() ?? '';
  try {
    const video = await finish(uploadId, input, signal);
    await forget(upload);
    return video;
  } catch (error) {
    // Gone, or refused for good (not a video: the server removed it); a refused thumbnail
    // leaves the upload on the server, so Upload again finishes it without resending the file.
    const final =
      error instanceof ApiError && (error.status === 404 || error.message.startsWith('videoFile:'));
    if (final) {
      await forget(upload);
    }
    throw error;
  }
}
