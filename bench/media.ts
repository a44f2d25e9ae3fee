/**
 * The media path under load: Range streaming throughput of a 100 MB file, and the server's memory
 * while a 1 GB upload streams in to POST /api/v1/videos. The upload is random bytes, so the server
 * refuses it at the end as not a video: what is measured is that it streamed to disk meanwhile
 * instead of buffering (RSS growth, sampled from /proc/<pid>/status every 20 ms).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { registerAndSignIn } from './lib/http.js';
import { spawnServer } from './lib/server.js';
import type { Row } from './lib/table.js';

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

/** Downloads `range` of url, returning bytes received and the status. */
function fetchRange(url: string, range: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { range } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function rssOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** RSS once four samples 250 ms apart agree within 4 MB (or after 10 s). */
async function settledRss(pid: number): Promise<{ rss: number; hwm: number }> {
  const samples: { rss: number; hwm: number }[] = [];
  const deadline = Date.now() + 10_000;
  for (;;) {
    samples.push(await rssOf(pid));
    const last = samples.slice(-4).map((s) => s.rss);
    if (last.length === 4 && Math.max(...last) - Math.min(...last) <= 4 * MB) break;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return samples[samples.length - 1]!;
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

export async function benchMedia(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vidtube-bench-media-'));
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, SEED_DEMO: '0', DATABASE_URL: undefined },
  });
  const rows: Row[] = [];
  try {
    // Upload first, on a fresh process, so the high-water mark belongs to it alone.
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
    rows.push(
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
    );

    const file = path.join(dataDir, 'media', 'videos', 'bench_100mb.mp4');
    await writeRandomFile(file, STREAM_FILE_BYTES);
    const url = `${server.url}/media/videos/bench_100mb.mp4`;
    await fetchRange(url, 'bytes=0-'); // warm the page cache: this measures the server, not the disk
    let t = performance.now();
    const whole = await fetchRange(url, 'bytes=0-');
    const wholeSeconds = (performance.now() - t) / 1000;
    if (whole.status !== 206 || whole.bytes !== STREAM_FILE_BYTES) {
      throw new Error(`range request answered ${whole.status} with ${whole.bytes} bytes`);
    }
    rows.push({
      bench: 'media',
      metric: '100 MB file, one Range request (bytes=0-)',
      value: `${(STREAM_FILE_BYTES / MB / wholeSeconds).toFixed(0)} MB/s`,
    });
    // A player seeking around: 1 MB ranges at random offsets, 8 at a time.
    t = performance.now();
    let received = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < 40; i++) {
          const start = Math.floor(Math.random() * (STREAM_FILE_BYTES / MB - 1)) * MB;
          const r = await fetchRange(url, `bytes=${start}-${start + MB - 1}`);
          if (r.status !== 206) throw new Error(`range request answered ${r.status}`);
          received += r.bytes;
        }
      }),
    );
    rows.push({
      bench: 'media',
      metric: '100 MB file, 320 random 1 MB ranges, 8 concurrent',
      value: `${(received / MB / ((performance.now() - t) / 1000)).toFixed(0)} MB/s`,
    });
    return rows;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
