/**
 * Transcodes survive crashes of the one process: the real server (`server/main.ts`, embedded
 * database on disk) is killed with SIGKILL in the middle of a transcode and started again on the
 * same DATA_DIR.
 * - Killed once, the job finishes without redoing the rendition stored before the kill.
 * - Killed more times than TRANSCODE_RETRIES, the job ends without a run that could say so: the
 *   video is then `failed` with a reason on the dashboard's routes (never "processing" for
 *   ever), and the creator's retry brings it to `ready` with every rendition.
 */
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import HLS from 'hls-parser';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { VideoProcessing } from '../../contract/processing.js';
import type { OwnVideoList, VideoDetail } from '../../contract/videos.js';
import { INTERRUPTED_REASON } from '../../server/processing/transcode-job.js';
import {
  apiData,
  childProcesses,
  emptySiteCopy,
  emptySiteReady,
  freePort,
  signUp,
  startServer,
  type SpawnedServer,
} from './spawned-server.js';
import { until } from './transcode-helpers.js';
import { uploadBody } from './video-helpers.js';

let dataDir: string | undefined;
let server: SpawnedServer | undefined;

afterEach(async () => {
  await server?.kill();
  server = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

// The test process's first empty site is a first start: over a minute on a loaded machine.
beforeAll(emptySiteReady, 180_000);

async function uploadHd(url: string, cookie: string): Promise<string> {
  const { body, headers } = await uploadBody({ video: 'hd.mp4' });
  const uploaded = await apiData<{ _id: string }>(`${url}/api/v1/videos`, cookie, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
  });
  return uploaded._id;
}

it('finishes a transcode after the process is killed in the middle of it', async () => {
  dataDir = await emptySiteCopy('vidtube-restart-');
  const port = await freePort();
  server = await startServer(dataDir, port);
  const cookie = await signUp(server.url);
  const id = await uploadHd(server.url, cookie);
  const watch = () => apiData<VideoDetail>(`${server!.url}/api/v1/videos/${id}`, cookie);

  // Kill as soon as the first rendition is recorded: the second one is then being made.
  const halfway = await until(watch, (v) => v.processing.renditions.length >= 1);
  await server.kill();
  expect(halfway.processing.renditions).toEqual(['480p']);
  const firstInit = path.join(
    dataDir,
    'media',
    new URL(halfway.processing.hlsUrl!).pathname
      .replace('/media/', '')
      .replace('.m3u8', '-480p-init.mp4'),
  );
  const madeAt = (await stat(firstInit)).mtimeMs;

  server = await startServer(dataDir, port);
  const done = await until(watch, (v) => v.processing.state !== 'processing');
  expect(done.processing).toMatchObject({ state: 'ready', renditions: ['480p', '720p'] });
  // The rendition made before the crash was kept, not made again.
  expect((await stat(firstInit)).mtimeMs).toBe(madeAt);
  await server.stop();
}, 240_000);

it('ends a transcode killed more often than its retries as failed, and the retry makes it ready', async () => {
  dataDir = await emptySiteCopy('vidtube-kills-');
  const port = await freePort();
  const env = { TRANSCODE_RETRIES: '1' };
  server = await startServer(dataDir, port, env);
  const cookie = await signUp(server.url);
  const id = await uploadHd(server.url, cookie);
  const api = (route: string, init?: RequestInit) =>
    apiData<VideoProcessing>(`${server!.url}/api/v1/videos/${id}${route}`, cookie, init);

  // The first run and its one retry, each killed while its ffmpeg runs: two crashes, one retry.
  for (let kill = 0; kill < 2; kill++) {
    await until(
      () => childProcesses(server!.child.pid!, 'hls_segment_filename'),
      (ffmpegs) => ffmpegs.length > 0,
    );
    await server.kill();
    server = await startServer(dataDir, port, env);
  }

  // The dashboard's two reads: the row's polling route and the creator's list.
  const failed = await until(
    () => api('/processing'),
    (p) => p.state !== 'processing',
  );
  expect(failed).toMatchObject({ state: 'failed', error: INTERRUPTED_REASON });
  const own = await apiData<OwnVideoList>(`${server.url}/api/v1/videos/user`, cookie);
  expect(own.videos.find((v) => v._id === id)?.processing).toEqual(failed);

  // The dashboard's Retry.
  const retried = await api('/processing/retry', { method: 'POST' });
  expect(retried).toMatchObject({ state: 'processing', error: null });
  const ready = await until(
    () => api('/processing'),
    (p) => p.state !== 'processing',
  );
  expect(ready).toMatchObject({ state: 'ready', error: null, renditions: ['480p', '720p'] });

  // Every rendition plays: the master lists both, and each one's playlist and files answer.
  const fetchOk = async (url: string) => {
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    return res;
  };
  const master = HLS.parse(await (await fetchOk(ready.hlsUrl!)).text()) as HLS.types.MasterPlaylist;
  expect(master.variants.map((v) => v.resolution?.height)).toEqual([480, 720]);
  for (const variant of master.variants) {
    const playlistUrl = new URL(variant.uri, ready.hlsUrl!).toString();
    const playlist = HLS.parse(
      await (await fetchOk(playlistUrl)).text(),
    ) as HLS.types.MediaPlaylist;
    for (const segment of playlist.segments) {
      await fetchOk(new URL(segment.uri, playlistUrl).toString());
      if (segment.map) await fetchOk(new URL(segment.map.uri, playlistUrl).toString());
    }
  }
  await server.stop();
}, 420_000);
