/**
 * `npm run bench -- transcode`: the media pipeline's figures on this machine (issue 12).
 *
 * - CPU and wall seconds per minute of 1080p source for each rendition: the exact ffmpeg run the
 *   worker makes (server/media/hls/transcode-rendition.ts), at the same nice 10. CPU is the
 *   children's user + system time as bash's `times` reports it.
 * - On a running server with the demo seed and the in-process worker: how long until a new
 *   upload is playable (its 201: the MP4 plays at once) and until its first rendition is ready,
 *   and the feed's p99 at 50 connections (cache off) while that transcode runs, beside idle.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '../server/media/binaries.js';
import { renditionName, renditionsFor } from '../server/media/hls/ladder.js';
import { transcodeArgs } from '../server/media/hls/transcode-rendition.js';
import { registerAndSignIn } from './lib/http.js';
import { load } from './lib/load.js';
import { BENCH_DATA } from './lib/paths.js';
import { spawnServer } from './lib/server.js';
import { ms, type Row } from './lib/table.js';

const SOURCE_SECONDS = 30;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FEED = '/api/v1/videos?page=1&limit=12';
const bench = 'transcode';

/** A 1080p30 source with motion and sound, made once. */
export async function source1080p(): Promise<string> {
  const file = path.join(BENCH_DATA, `source-1080p-${SOURCE_SECONDS}s.mp4`);
  if (existsSync(file)) return file;
  await mkdir(BENCH_DATA, { recursive: true });
  await promisify(execFile)(ffmpegPath(), [
    ...['-v', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:d=${SOURCE_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SOURCE_SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'fast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    file,
  ]);
  return file;
}

/** Runs ffmpeg under bash at nice 10 and returns its CPU seconds (user + sys) and wall seconds. */
export function timedFfmpeg(args: string[]): Promise<{ cpu: number; wall: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('bash', [
      '-c',
      '"$0" "$@" >/dev/null || exit 1; times',
      ffmpegPath(),
      ...args,
    ]);
    if (child.pid) os.setPriority(child.pid, 10);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg exited with ${code}`));
      // `times` prints the shell's, then its children's "user sys", as e.g. 1m2.500s.
      const seconds = (t: string) => {
        const [, m, s] = /(\d+)m([\d.]+)s/.exec(t) ?? [];
        return Number(m) * 60 + Number(s);
      };
      const children = out.trim().split('\n').pop() ?? '';
      const [user = '', sys = ''] = children.split(/\s+/);
      resolve({ cpu: seconds(user) + seconds(sys), wall: (performance.now() - started) / 1000 });
    });
  });
}

async function perRendition(source: string): Promise<Row[]> {
  const rows: Row[] = [];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-hls-'));
  try {
    const input = { path: source, width: 1920, height: 1080, duration: SOURCE_SECONDS };
    let cpuTotal = 0;
    let wallTotal = 0;
    for (const rendition of renditionsFor(1080)) {
      const name = renditionName(rendition.height);
      const { cpu, wall } = await timedFfmpeg(transcodeArgs(input, rendition, dir, `b-${name}`));
      cpuTotal += cpu;
      wallTotal += wall;
      const perMinute = 60 / SOURCE_SECONDS;
      rows.push({
        bench,
        metric: `${name} per minute of 1080p source: CPU · wall`,
        value: `${(cpu * perMinute).toFixed(1)} s · ${(wall * perMinute).toFixed(1)} s`,
      });
    }
    rows.push({
      bench,
      metric: 'all renditions per minute of 1080p source: CPU · wall',
      value: `${((cpuTotal * 60) / SOURCE_SECONDS).toFixed(1)} s · ${((wallTotal * 60) / SOURCE_SECONDS).toFixed(1)} s`,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

async function uploadAndWatch(source: string): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-transcode-'));
  const server = await spawnServer({
    env: { DATA_DIR: dataDir, SEED_DEMO: '1', FEED_CACHE_MS: '0', DATABASE_URL: undefined },
  });
  try {
    const cookie = await registerAndSignIn(server.url, `bench_${Date.now().toString(36)}`);
    const idle = await load(`${server.url}${FEED}`, { seconds: SECONDS });

    const form = new FormData();
    form.append('title', 'Bench 1080p upload');
    form.append('tags', JSON.stringify(['bench']));
    form.append('videoFile', new Blob([await readFile(source)], { type: 'video/mp4' }), 'b.mp4');
    const sent = performance.now();
    const res = await fetch(`${server.url}/api/v1/videos`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    const playableMs = performance.now() - sent;
    const { _id: id } = ((await res.json()) as { data: { _id: string } }).data;

    let firstRenditionMs: number | null = null;
    const watch = (async () => {
      for (;;) {
        const r = await fetch(`${server.url}/api/v1/videos/${id}/processing`, {
          headers: { cookie },
        });
        const body = (await r.json()) as { data: { state: string; renditions: string[] } };
        if (firstRenditionMs === null && body.data.renditions.length > 0) {
          firstRenditionMs = performance.now() - sent;
        }
        if (body.data.state !== 'processing') return body.data.state;
        await new Promise((r2) => setTimeout(r2, 250));
      }
    })();
    const busy = await load(`${server.url}${FEED}`, { seconds: SECONDS });
    const state = await watch;
    const ratio = busy.p99 / Math.max(idle.p99, 0.001);
    return [
      { bench, metric: 'upload of 30 s 1080p playable (its 201, MP4)', value: ms(playableMs) },
      {
        bench,
        metric: `first rendition ready after the upload (final state: ${state})`,
        value: firstRenditionMs === null ? '—' : ms(firstRenditionMs),
      },
      {
        bench,
        metric: 'feed p99, 50 connections, cache off: idle · during a transcode',
        value: `${ms(idle.p99)} · ${ms(busy.p99)} (${ratio.toFixed(1)}×)`,
        target: '≤ 2× idle',
        ok: ratio <= 2 && busy.failures === 0,
      },
    ];
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchTranscode(): Promise<Row[]> {
  const source = await source1080p();
  return [...(await perRendition(source)), ...(await uploadAndWatch(source))];
}
