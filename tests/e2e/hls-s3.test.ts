/**
 * HLS from an S3 bucket in Chromium: the server keeps its media in s3rver (started here), whose
 * bucket has the CORS rule docs/operations.md gives for the site's origin. Once the upload's renditions
 * are ready, the watch page plays them with hls.js: the playlists come from the server, every
 * segment from the bucket through a signed URL (XHR, which the Content-Security-Policy's
 * connect-src must allow), time advances and the player never falls back to the MP4.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../server/s3-server.js';
import { signUpAndSignIn } from './accounts-api.js';
import {
  hasBrowser,
  launchBrowser,
  startServer,
  type BrowserSession,
  type RunningServer,
} from './harness.js';
import { makeTestMp4 } from './videos-fixtures.js';

const PASSWORD = 'hls-bucket-pass-123';
const creator = { fullName: 'Bea Bucket', userName: 'bea.bucket', email: 'bea@example.com' };
const TITLE = 'Tide tables from the bucket';

describe.skipIf(!hasBrowser)('adaptive streaming from an S3 bucket', () => {
  let s3: S3TestServer;
  let server: RunningServer;
  let browser: BrowserSession;
  let clip: string;

  beforeAll(async () => {
    [s3, clip] = await Promise.all([startS3Server(), makeTestMp4(4, '1280x720')]);
    server = await startServer({
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint!,
      S3_ACCESS_KEY_ID: s3.config.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    });
    await s3.allowSite(server.url);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await s3?.stop();
  });

  it('plays the renditions with hls.js, segments straight from the bucket', async () => {
    const { context, page } = await browser.newPage();
    await signUpAndSignIn(context, server.url, creator, PASSWORD);
    const upload = await context.request.post(`${server.url}/api/v1/videos`, {
      multipart: {
        title: TITLE,
        description: 'Stored in a bucket',
        tags: JSON.stringify(['tide']),
        videoFile: { name: 'tide.mp4', mimeType: 'video/mp4', buffer: await readFile(clip) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const id = ((await upload.json()) as { data: { _id: string } }).data._id;
    const processing = async () => {
      const res = await context.request.get(`${server.url}/api/v1/videos/${id}/processing`);
      return ((await res.json()) as { data: { state: string } }).data.state;
    };
    await expect.poll(processing, { timeout: 90_000, interval: 500 }).toBe('ready');

    // The page signed in on is left first: its own calls still in flight (the bell's unread
    // count) would be aborted by the next navigation and counted as the watch page's failures.
    await page.goto('about:blank');
    const segments: string[] = [];
    const failed: string[] = [];
    page.on('requestfinished', (r) => {
      if (r.url().startsWith(s3.config.endpoint!) && /\.m4s(\?|$)/.test(r.url()))
        segments.push(r.url());
    });
    page.on('requestfailed', (r) => {
      // The app itself ends the live stream it opened before the watch page knew its video, to
      // open the video's own (src/api/live-stream.ts): that cancel is not a failure.
      if (
        new URL(r.url()).pathname === '/api/v1/events' &&
        r.failure()?.errorText === 'net::ERR_ABORTED'
      )
        return;
      failed.push(`${r.url()} ${r.failure()?.errorText}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') failed.push(m.text());
    });
    await page.goto(`${server.url}/watch/${id}`);
    const video = page.getByLabel(`Video: ${TITLE}`);
    await expect.poll(() => video.getAttribute('data-source')).toBe('hlsjs');
    await page.waitForFunction(
      () => (document.querySelector('video')?.currentTime ?? 0) > 1,
      undefined,
      { timeout: 30_000 },
    );
    expect(await video.getAttribute('data-source')).toBe('hlsjs');
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.every((url) => new URL(url).searchParams.has('X-Amz-Signature'))).toBe(true);
    expect(failed).toEqual([]);
    await context.close();
  }, 150_000);
});
