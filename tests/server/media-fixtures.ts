/**
 * Small real media files for the upload tests, made with ffmpeg at test time (no binaries in git)
 * and cached in the OS temp folder across runs.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ffmpegPath } from '../../server/media/binaries.js';

const run = promisify(execFile);
const CACHE = path.join(os.tmpdir(), 'vidtube-media-fixtures-v1');

const SOURCES = [
  '-f',
  'lavfi',
  '-i',
  'testsrc=size=160x120:rate=10:d=2',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440:duration=2',
];
const H264 = [
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-shortest',
];

const RECIPES = {
  /** H.264/AAC MP4 with the index at the end (ffmpeg's default): needs the faststart remux. */
  'plain.mp4': [...SOURCES, ...H264, '-f', 'mp4'],
  'clip.mov': [...SOURCES, ...H264, '-f', 'mov'],
  'clip.mkv': [...SOURCES, ...H264, '-f', 'matroska'],
  'clip.webm': [
    ...SOURCES,
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    '-c:a',
    'libvorbis',
    '-shortest',
    '-f',
    'webm',
  ],
  /** 720p, 6 s: long enough for two HLS segments, tall enough for two renditions. */
  'hd.mp4': [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=30:d=6',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=6',
    ...H264,
    '-f',
    'mp4',
  ],
  /** Audio only: a real media file without a video stream. */
  'audio.m4a': ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac', '-f', 'mp4'],
} as const;

export type FixtureName = keyof typeof RECIPES;

async function make(name: FixtureName): Promise<string> {
  const file = path.join(CACHE, name);
  if (existsSync(file)) return file;
  await mkdir(CACHE, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await run(ffmpegPath(), ['-v', 'error', '-nostdin', '-y', ...RECIPES[name], tmp]);
  await rename(tmp, file);
  return file;
}

/** Path of a fixture file in the cache (for code that reads files, not buffers). */
export function fixturePath(name: FixtureName): Promise<string> {
  return make(name);
}

export async function fixture(name: FixtureName): Promise<Buffer> {
  return readFile(await make(name));
}

/** The first `bytes` of a file: an upload that was cut off. */
export async function truncated(name: FixtureName, fraction = 0.5): Promise<Buffer> {
  const whole = await fixture(name);
  return whole.subarray(0, Math.floor(whole.length * fraction));
}

export function pngImage(width = 64, height = 36, color = '#3366ff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function writeFixture(dir: string, name: string, data: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, data);
  return file;
}

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body built by hand, so tests control every byte (and can cut it). */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
): { body: Buffer; headers: { 'content-type': string } } {
  const boundary = `----vidtube${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
