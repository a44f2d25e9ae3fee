/**
 * Restarts leave nothing behind, at once. The real server (embedded database on disk) is killed
 * with SIGKILL at each of the worst moments: mid upload, with an upload's files stored but no row
 * yet, mid tus PATCH, mid finish, with a rendition's files stored but not recorded, and after a
 * delete's commit with its files (HLS last) still there. After each kill the server starts again,
 * its first maintenance pass runs, and then (server stopped) the database and the disk are
 * compared: no file that no row names, nothing in tmp/, no conversion "processing" without a job.
 * The figures of each point are printed. The one moment too short to stop from outside (between
 * a delete's MP4 and its HLS files) is a crash point the server is started with instead.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { VideoDetail } from '../../contract/videos.js';
import { loadConfig } from '../../server/config.js';
import { createContext } from '../../server/app-context.js';
import { referencedKeys } from '../../server/maintenance/media-reconcile.js';
import { storedKeysOf } from '../../server/media/image-keys.js';
import { isDefaultImageKey } from '../../server/media/default-images.js';
import { CRASH_BEFORE_HLS_DELETE } from '../../server/videos/video-lifecycle.js';
import { listFiles } from './disk-helpers.js';
import { fixture } from './media-fixtures.js';
import {
  apiData,
  emptySiteCopy,
  freePort,
  signUp,
  startServer,
  stopWhen,
  type SpawnedServer,
} from './spawned-server.js';
import { until } from './transcode-helpers.js';
import { encodeMetadata, UPLOADS, VALID_FIELDS } from './tus-helpers.js';
import { uploadBody } from './video-helpers.js';

let dataDir: string;
let port: number;
let server: SpawnedServer | undefined;
let cookie: string;
const figures: Record<string, string | number>[] = [];

// The test process's first empty site is a first start: over a minute on a loaded machine.
beforeAll(async () => {
  dataDir = await emptySiteCopy('vidtube-kills-');
  port = await freePort();
}, 180_000);
afterAll(async () => {
  await server?.kill();
  console.table(figures);
  await rm(dataDir, { recursive: true, force: true });
});

const start = async (env: Record<string, string> = {}) => {
  server = await startServer(dataDir, port, { LOG_LEVEL: 'info', ...env });
  await until(
    async () => server!.output(),
    (output) => output.includes('maintenance: start-up pass done'),
  );
  return server;
};

/**
 * Kills the server at the moment `reached()` first holds: it runs in slices of 30 µs, checked
 * between slices (spawned-server.ts, `stopWhen`). A moment never reached fails the test: a kill
 * anywhere else would prove nothing about that point.
 */
async function killWhen(point: string, reached: () => boolean): Promise<void> {
  const hit = stopWhen(server!.child.pid!, reached);
  await server!.kill();
  expect(hit, `${point}: the moment was reached before the kill`).toBe(true);
}

const ownVideoCount = async () =>
  (await apiData<{ videos: unknown[] }>(`${server!.url}/api/v1/videos/user`, cookie)).videos.length;

function filesNow(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}
const sizeNow = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/** Sends a request; resolves once all of it is written (the server may be stopped next). */
function sendRequest(url: string, options: http.RequestOptions, body?: Buffer): Promise<void> {
  const request = http.request(url, options);
  request.on('error', () => {}); // the kill cuts it
  request.on('response', (res) => res.resume());
  return new Promise((resolve) => request.end(body, () => resolve()));
}

/** Stops the server, then reads its database and disk: what a kill at `point` left behind. */
async function account(point: string, note: string) {
  await server!.stop();
  const { ctx, database } = await createContext(
    loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' }),
  );
  try {
    const named = await referencedKeys(ctx.db);
    const orphans = (await listFiles(path.join(dataDir, 'media'))).filter(
      (key) => !named.has(key) && !isDefaultImageKey(key),
    );
    const stuck = await ctx.db.execute(
      sql`select count(*)::int as n from video_processing p where p.state = 'processing'
          and not exists (select 1 from pgboss.job j where j.name = 'transcode'
            and j.state in ('created', 'retry', 'active') and j.data->>'videoId' = p.video_id)`,
    );
    const journal = await ctx.db.execute(sql`select count(*)::int as n from media_journal`);
    const row = {
      point,
      note,
      orphans: orphans.length,
      tmpFiles: (await listFiles(path.join(dataDir, 'tmp'))).length,
      stuckConversions: (stuck as { rows: { n: number }[] }).rows[0]!.n,
      journalEntriesLeft: (journal as { rows: { n: number }[] }).rows[0]!.n,
    };
    figures.push(row);
    expect(orphans, point).toEqual([]);
    expect(row).toMatchObject({ tmpFiles: 0, stuckConversions: 0 });
  } finally {
    await database.close();
  }
  await start();
}

const mediaDir = (folder: string) => path.join(dataDir, 'media', folder);
const newIn = (folder: string, before: string[]) =>
  filesNow(mediaDir(folder)).some((file) => !before.includes(file));

it('leaves no orphan file and no stuck conversion after a kill at each point', async () => {
  await start();
  cookie = await signUp(server!.url);
  const url = () => server!.url;

  // 1. Mid upload: half the body sent, the server writing it to tmp/.
  {
    const { body, headers } = await uploadBody({ video: 'hd.mp4' });
    const request = http.request(`${url()}/api/v1/videos`, {
      method: 'POST',
      headers: { ...headers, cookie, 'content-length': String(body.length) },
    });
    request.on('error', () => {});
    await new Promise((resolve) => request.write(body.subarray(0, body.length / 2), resolve));
    await killWhen('mid upload', () =>
      filesNow(path.join(dataDir, 'tmp')).some((f) => sizeNow(path.join(dataDir, 'tmp', f)) > 0),
    );
    await start();
    await account('mid upload', 'half the body in tmp/');
  }

  // 2. An upload's files stored, its row not inserted yet.
  {
    const thumbnails = filesNow(mediaDir('thumbnail-sizes'));
    const { body, headers } = await uploadBody({ video: 'plain.mp4' });
    await sendRequest(
      `${url()}/api/v1/videos`,
      { method: 'POST', headers: { ...headers, cookie } },
      body,
    );
    await killWhen('upload stored, no row', () => newIn('thumbnail-sizes', thumbnails));
    await start();
    expect(await ownVideoCount(), 'the kill came before the row').toBe(0);
    await account('upload stored, no row', 'thumbnail stored, no row');
  }

  // 3. Mid tus PATCH; the client then resumes from the offset HEAD tells.
  let tusId = '';
  {
    const source = await fixture('plain.mp4');
    const created = await fetch(`${url()}${UPLOADS}`, {
      method: 'POST',
      headers: {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-length': String(source.length),
        'upload-metadata': encodeMetadata(VALID_FIELDS),
      },
    });
    tusId = String(created.headers.get('location')).split('/').pop()!;
    const request = http.request(`${url()}${UPLOADS}/${tusId}`, {
      method: 'PATCH',
      headers: {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(source.length),
      },
    });
    request.on('error', () => {});
    await new Promise((resolve) => request.write(source.subarray(0, source.length / 2), resolve));
    await killWhen('mid tus PATCH', () => sizeNow(path.join(dataDir, 'uploads', tusId)) > 0);
    await start();
    const head = await fetch(`${url()}${UPLOADS}/${tusId}`, {
      method: 'HEAD',
      headers: { cookie, 'tus-resumable': '1.0.0' },
    });
    const offset = Number(head.headers.get('upload-offset'));
    const rest = await fetch(`${url()}${UPLOADS}/${tusId}`, {
      method: 'PATCH',
      headers: {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(source.subarray(offset)),
    });
    expect(rest.status).toBe(204);
    await account('mid tus PATCH', `resumed at byte ${offset} of ${source.length}`);
  }

  // 4. Mid finish: the video's thumbnail stored, its row not inserted; the client finishes again.
  {
    const thumbnails = filesNow(mediaDir('thumbnail-sizes'));
    await sendRequest(`${url()}${UPLOADS}/${tusId}/finish`, {
      method: 'POST',
      headers: { cookie },
    });
    await killWhen('mid finish', () => newIn('thumbnail-sizes', thumbnails));
    await start();
    expect(await ownVideoCount(), 'the kill came before the row').toBe(0);
    const again = await fetch(`${url()}${UPLOADS}/${tusId}/finish`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(again.status).toBe(201);
    await account('mid finish', 'thumbnail stored, no row; finished again');
  }

  // 5. Mid transcode: a rendition's first file stored, the rendition not recorded.
  let hdId = '';
  {
    const hd = await uploadBody({ video: 'hd.mp4' });
    const uploaded = await fetch(`${url()}/api/v1/videos`, {
      method: 'POST',
      headers: { ...hd.headers, cookie },
      body: new Uint8Array(hd.body),
    });
    expect(uploaded.status).toBe(201);
    hdId = ((await uploaded.json()) as { data: { _id: string } }).data._id;
    const hls = filesNow(mediaDir('hls'));
    await killWhen('mid transcode', () => newIn('hls', hls));
    await start();
    await account('mid transcode', 'a rendition file stored, not recorded');
  }

  // 6. After a delete's commit: its MP4 removed, its HLS files (removed last) still there. That
  // moment lasts microseconds, too short to stop the process in from outside on a busy machine:
  // the server is started with the crash point armed and kills itself there (server/crash-point.ts).
  {
    const watch = () => apiData<VideoDetail>(`${url()}/api/v1/videos/${hdId}`, cookie);
    const ready = await until(watch, (v) => v.processing.state !== 'processing');
    expect(ready.processing.state).toBe('ready');
    // Its MP4 and thumbnail widths go first (all at once), its HLS files after them.
    const first = [ready.videoFile, ready.thumbnail].flatMap((url) =>
      storedKeysOf(new URL(url).pathname.replace('/media/', '')).map((key) =>
        path.join(dataDir, 'media', key),
      ),
    );
    const prefix = path.basename(new URL(ready.processing.hlsUrl!).pathname, '.m3u8');
    await server!.stop();
    await start({ VIDTUBE_CRASH_AT: CRASH_BEFORE_HLS_DELETE });
    await sendRequest(`${url()}/api/v1/videos/${hdId}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    await until(
      async () => server!.child.signalCode,
      (signal) => signal === 'SIGKILL',
    );
    await server!.kill();
    expect(
      first.filter((file) => existsSync(file)),
      'the MP4 and thumbnails are gone',
    ).toEqual([]);
    const left = filesNow(mediaDir('hls')).filter((file) => file.startsWith(prefix)).length;
    expect(left, 'the kill came before the HLS files were removed').toBeGreaterThan(0);
    await start();
    await account('mid delete', `MP4 and thumbnails gone, ${left} of its HLS files left`);
  }
  await server!.stop();
}, 900_000);
