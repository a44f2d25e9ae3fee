/**
 * One ffmpeg run for one HLS rendition: H.264 Main + AAC-LC in fMP4 segments of about 4 s with a
 * keyframe every 2 s. One run per rendition because the bundled 2018 ffmpeg crashes when a single
 * run writes several renditions (and a failed rendition then costs only itself).
 *
 * The child runs at a lower CPU priority (nice 10) so that a transcode never starves the API, and
 * reports its progress from `-progress`. The caller owns `outDir` and removes it.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../binaries.js';
import { segmentPattern } from './keys.js';
import { AUDIO_KBPS, type Rendition } from './ladder.js';
import { measureBandwidth, parseVariantPlaylist, type Bandwidth } from './variant-playlist.js';

/** Below the API's default priority 0: the kernel gives the API the CPU first. */
const TRANSCODE_NICENESS = 10;
const SEGMENT_SECONDS = 4;
const KEYFRAME_SECONDS = 2;

export interface SourceVideo {
  path: string;
  width: number;
  height: number;
  /** Seconds; for progress and the time limit. */
  duration: number;
}

export interface TranscodedRendition extends Bandwidth {
  width: number;
  height: number;
  /** Every file written into outDir: the media playlist first, then init and media segments. */
  files: string[];
  segments: number;
}

export interface TranscodeOptions {
  ffmpeg?: string | undefined;
  /** Called with 0…1 as ffmpeg advances through the source. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Output size: `rendition.height` lines on the short side, aspect kept, both sides even. */
export function outputSize(source: SourceVideo, rendition: Rendition) {
  const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
  const portrait = source.height > source.width;
  const short = portrait ? source.width : source.height;
  const long = portrait ? source.height : source.width;
  const scaledLong = even((long * rendition.height) / Math.max(short, 1));
  return portrait
    ? { width: rendition.height, height: scaledLong }
    : { width: scaledLong, height: rendition.height };
}

/**
 * ffmpeg's arguments. Files are named `<stem>.m3u8`, `<stem>-init.mp4` and `<stem>-00000.m4s` in
 * `outDir`, and the playlist refers to them by those bare names.
 */
export function transcodeArgs(
  source: SourceVideo,
  rendition: Rendition,
  outDir: string,
  stem: string,
) {
  const { width, height } = outputSize(source, rendition);
  const maxrate = rendition.maxrateKbps;
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    '-y',
    '-i',
    source.path,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vf',
    `scale=${width}:${height},setsar=1`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-level',
    rendition.level.ffmpeg,
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '23',
    '-maxrate',
    `${maxrate}k`,
    '-bufsize',
    `${maxrate * 2}k`,
    // A keyframe exactly every 2 s and none at scene cuts: segments then start on a keyframe and
    // every rendition switches at the same instants.
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    `${AUDIO_KBPS}k`,
    '-ac',
    '2',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'independent_segments',
    '-hls_fmp4_init_filename',
    `${stem}-init.mp4`,
    '-hls_segment_filename',
    path.join(outDir, segmentPattern(stem)),
    path.join(outDir, `${stem}.m3u8`),
  ];
}

/** Generous: veryfast 1080p runs near real time on 2 cores; a stuck run must still end. */
function timeLimitMs(duration: number): number {
  return 30 * 60_000 + duration * 5_000;
}

function runFfmpeg(args: string[], duration: number, options: TranscodeOptions): Promise<void> {
  if (options.signal?.aborted) return Promise.reject(new Error('transcode aborted'));
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(options.ffmpeg), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) os.setPriority(child.pid, TRANSCODE_NICENESS);
    let stderr = '';
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(kill, timeLimitMs(duration));
    options.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      // `out_time_ms` is in microseconds despite its name (ffmpeg keeps it for compatibility).
      const match = /out_time_ms=(\d+)/.exec(chunk);
      if (match && duration > 0) {
        options.onProgress?.(Math.min(1, Number(match[1]) / 1e6 / duration));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      if (code === 0) resolve();
      else {
        const why = signal ? `stopped (${signal})` : `exited with ${code}`;
        reject(new Error(`ffmpeg ${why}: ${stderr.trim().split('\n').pop() ?? ''}`));
      }
    });
  });
}

export async function transcodeRendition(
  source: SourceVideo,
  rendition: Rendition,
  outDir: string,
  stem: string,
  options: TranscodeOptions = {},
): Promise<TranscodedRendition> {
  await runFfmpeg(transcodeArgs(source, rendition, outDir, stem), source.duration, options);
  const playlistFile = `${stem}.m3u8`;
  const playlist = parseVariantPlaylist(await readFile(path.join(outDir, playlistFile), 'utf8'));
  const bandwidth = await measureBandwidth(outDir, playlist);
  const files = [
    playlistFile,
    ...(playlist.initUri ? [playlist.initUri] : []),
    ...playlist.segments.map((s) => s.uri),
  ];
  return {
    ...outputSize(source, rendition),
    ...bandwidth,
    files,
    segments: playlist.segments.length,
  };
}
