/**
 * The media path under load: serving a 100 MB file beside nginx, alone and behind nginx with
 * its checks (media-stream.ts; a second server with MEDIA_ACCEL_REDIRECT), and the server's
 * memory while a 1 GB upload streams in to POST /api/v1/videos (`BENCH_MEDIA=stream` skips the
 * upload). The upload is random bytes, so the server
 * refuses it at the end as not a video: what is measured is that it streamed to disk meanwhile
 * instead of buffering (RSS growth, sampled from /proc/<pid>/status every 20 ms).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_ACCEL_PREFIX } from '../scripts/cluster/nginx.js';
import { registerAndSignIn } from './lib/http.js';
import { spawnServer, type BenchServer } from './lib/server.js';
import type { Row } from './lib/table.js';
import { benchMediaStreaming } from './media-stream.js';
import { rssOf, settledRss } from './lib/rss.js';

const MB = 1024 * 1024;
const STREAM_FILE_BYTES = 100 * MB;
const UPLOAD_BYTES = 1024 * MB;
/** Issue 3: what a 1 GB upload may add to the server's resident memory. */
const UPLOAD_GROWTH_BUDGET = 64 * MB;

async function writeRandomFile(file: string, bytes: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  const chunk = randomBytes(MB);
  for (let written = 0; written < bytes; written += MB) {
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((e?: Error | null) => (e ? reject(e) : resolve())),
  );
}

interface UploadOutcome {
  status: number;
  message: string;
  seconds: number;
  sent: number;
}

/** Streams a multipart upload whose video part is `bytes` of generated data, never held whole. */
async function streamUpload(
  baseUrl: string,
  cookie: string,
  bytes: number,
): Promise<UploadOutcome> {
  const boundary = `----vidtube-bench-${randomBytes(8).toString('hex')}`;
  const thumbnail = await sharp({
    create: { width: 64, height: 36, channels: 3, background: '#3366cc' },
  })
    .png()
    .toBuffer();
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.concat([
    Buffer.from(
      field('title', 'Bench upload') +
        field('description', 'A 1 GB stream') +
        field('tags', '["bench"]'),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="thumbnail"; filename="t.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    thumbnail,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="videoFile"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(`${baseUrl}/api/v1/videos`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + bytes + tail.length),
      },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => {
        let message = body.slice(0, 120);
        try {
          message = (JSON.parse(body) as { message?: string }).message ?? message;
        } catch {
          /* not JSON */
        }
        resolve({
          status: res.statusCode ?? 0,
          message,
          seconds: (performance.now() - started) / 1000,
          sent,
        });
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = randomBytes(MB);
    const pump = async () => {
      req.write(head);
      while (sent < bytes && !answered) {
        const piece = bytes - sent >= chunk.length ? chunk : chunk.subarray(0, bytes - sent);
        sent += piece.length;
        if (!req.write(piece)) await new Promise<void>((r) => req.once('drain', () => r()));
      }
      req.end(tail);
    };
    pump().catch(reject);
  });
}

/** The 1 GB upload's memory rows; runs first on a fresh process, so the peak is its own. */
async function benchUploadMemory(server: BenchServer): Promise<Row[]> {
  const cookie = await registerAndSignIn(server.url, 'bench.user');
  // A small upload first loads the upload path's code and libraries (sharp, ffprobe), then
  // the baseline is taken once RSS has settled, so transient start-up garbage is not counted.
  await streamUpload(server.url, cookie, MB);
  const baseline = await settledRss(server.pid);
  // Growth = the largest rise above the lowest RSS seen so far: an idle process often holds
  // garbage that the first requests collect, and that drop must not hide a later climb.
  let peak = baseline.rss;
  let low = baseline.rss;
  let rise = 0;
  let sampling = true;
  // BENCH_TRACE=1 prints the server's RSS every second while the upload streams.
  const trace = process.env.BENCH_TRACE === '1';
  let lastTrace = 0;
  const sampler = (async () => {
    while (sampling) {
      const { rss } = await rssOf(server.pid);
      peak = Math.max(peak, rss);
      low = Math.min(low, rss);
      rise = Math.max(rise, rss - low);
      if (trace && Date.now() - lastTrace >= 1000) {
        lastTrace = Date.now();
        console.log(`  rss ${(rss / MB).toFixed(0)} MB`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const upload = await streamUpload(server.url, cookie, UPLOAD_BYTES);
  sampling = false;
  await sampler;
  const after = await rssOf(server.pid);
  // A new VmHWM means a peak between samples; it counts from the baseline.
  const growth = Math.max(rise, after.hwm > baseline.hwm ? after.hwm - baseline.rss : 0);
  return [
    {
      bench: 'media',
      metric: `1 GB upload: RSS growth (before ${(baseline.rss / MB).toFixed(0)} MB, low ${(low / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB)`,
      value: `${(growth / MB).toFixed(1)} MB`,
      target: `≤ ${UPLOAD_GROWTH_BUDGET / MB} MB`,
      ok: growth <= UPLOAD_GROWTH_BUDGET,
    },
    {
      bench: 'media',
      metric: `1 GB upload: streamed in, answered ${upload.status} "${upload.message}"`,
      value: `${(upload.sent / MB / upload.seconds).toFixed(0)} MB/s`,
    },
  ];
}

/** A second server on its own DATA_DIR holding the same file, that hands bytes to nginx. */
async function spawnAccelServer(file: string, mediaPath: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-media-accel-'));
  const mediaRoot = path.join(dataDir, 'media');
  const target = path.join(mediaRoot, mediaPath.slice('/media/'.length));
  await mkdir(path.dirname(target), { recursive: true });
  await link(file, target);
  const server = await spawnServer({
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      DATABASE_URL: undefined,
      MEDIA_ACCEL_REDIRECT: MEDIA_ACCEL_PREFIX,
    },
  });
  return {
    server,
    mediaRoot,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function benchMedia(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-media-'));
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, SEED_DEMO: '0', DATABASE_URL: undefined },
  });
  const rows: Row[] = [];
  let accel: Awaited<ReturnType<typeof spawnAccelServer>> | undefined;
  try {
    if (process.env.BENCH_MEDIA !== 'stream') rows.push(...(await benchUploadMemory(server)));
    const mediaPath = '/media/videos/bench_100mb.mp4';
    const file = path.join(dataDir, 'media', 'videos', 'bench_100mb.mp4');
    await writeRandomFile(file, STREAM_FILE_BYTES);
    accel = await spawnAccelServer(file, mediaPath);
    rows.push(
      ...(await benchMediaStreaming(
        { url: server.url, pid: server.pid },
        dataDir,
        mediaPath,
        STREAM_FILE_BYTES,
        {
          pid: accel.server.pid,
          upstream: new URL(accel.server.url).host,
          mediaRoot: accel.mediaRoot,
        },
      )),
    );
    return rows;
  } finally {
    await accel?.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
