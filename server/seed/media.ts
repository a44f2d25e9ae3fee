/**
 * Makes the demo media with the project's own tools: short real videos (ffmpeg lavfi test sources
 * with a sine tone), thumbnail sources (the frame at 1 s), and avatars and covers drawn as SVG;
 * the caller stores the pictures at every width through the same sharp pipeline as uploads.
 * ffmpeg is run with execFile (no shell), so filter strings are never interpreted by one.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath, ffprobePath } from '../media/binaries.js';
import sharp from 'sharp';
import { topWidthFor, type ImageRole } from '../media/image-keys.js';
import { clipKey, type DemoMediaCache } from './demo-media-cache.js';

const run = promisify(execFile);

export type PatternKind =
  'testsrc2' | 'smptebars' | 'mandelbrot' | 'life' | 'cellauto' | 'rgbtestsrc' | 'boxes';

export interface VideoLook {
  kind: PatternKind;
  /** Main colour (hex without '#'); tints the pattern or fills the background. */
  color: string;
  /** Second colour for moving shapes or dead cells. */
  accent: string;
  /** Hue rotation in degrees, for sources that have colours of their own. */
  hue: number;
  /** Sine tone frequency in Hz. */
  tone: number;
  /** Whole seconds, 3–10. */
  seconds: number;
}

/** Small, quick to encode, still pleasant on a phone and a laptop. */
export const VIDEO_WIDTH = 480;
export const VIDEO_HEIGHT = 270;

/**
 * The largest width each demo picture is stored at: its source's own size (the frame of a
 * video, the SVGs below drawn at 320×320 and 1600×400), never enlarged.
 */
export const DEMO_IMAGE_TOPS: Record<ImageRole, number> = {
  thumbnail: topWidthFor('thumbnail', VIDEO_WIDTH, VIDEO_HEIGHT),
  avatar: topWidthFor('avatar', 320, 320),
  cover: topWidthFor('cover', 1600, 400),
};
const FPS = 24;

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The lavfi video source for a look (filter graph text, passed as one argv element). */
function videoSource(look: VideoLook): string {
  const size = `s=${VIDEO_WIDTH}x${VIDEO_HEIGHT}:r=${FPS}`;
  const [r, g, b] = rgb(look.color);
  // A box that sweeps across the frame, so every clip visibly moves (and seeking shows it).
  const sweep = `drawbox=x='mod(t*160,${VIDEO_WIDTH + 90})-90':y=${VIDEO_HEIGHT - 70}:w=90:h=45:color=0x${look.accent}@0.85:t=fill`;
  switch (look.kind) {
    case 'testsrc2':
      return `testsrc2=${size},hue=h=${look.hue}`;
    case 'smptebars':
      return `smptebars=${size},hue=h=${look.hue},${sweep}`;
    case 'mandelbrot':
      return `mandelbrot=${size}:start_scale=2.5:end_scale=0.05,hue=h=${look.hue}`;
    case 'life':
      return `life=${size}:mold=10:ratio=0.12:life_color=0x${look.color}:death_color=0x${look.accent}`;
    case 'cellauto':
      // cellauto draws white cells on black: drawn small and scaled up as crisp pixels (cheap),
      // then the cells are tinted with the main colour.
      return `cellauto=s=${VIDEO_WIDTH / 3}x${VIDEO_HEIGHT / 3}:r=${FPS}:rule=${18 + (look.hue % 200)}:scroll=1,scale=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:flags=neighbor,format=rgb24,lutrgb=r='val*${r}/255':g='val*${g}/255':b='val*${b}/255',${sweep}`;
    case 'rgbtestsrc':
      return `rgbtestsrc=${size},hue=h='${look.hue}+t*40',${sweep}`;
    case 'boxes':
      return [
        `color=c=0x${look.color}:${size}`,
        `drawbox=x='${VIDEO_WIDTH / 2 - 45}+150*sin(t*1.3)':y='${VIDEO_HEIGHT / 2 - 45}+90*cos(t*1.7)':w=90:h=90:color=white@0.85:t=fill`,
        `drawbox=x='mod(t*90,${VIDEO_WIDTH})':y=30:w=40:h=40:color=0x${look.accent}:t=fill`,
      ].join(',');
  }
}

async function ffmpeg(args: string[]): Promise<void> {
  try {
    await run(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
      maxBuffer: 4 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`ffmpeg failed: ${stderr.trim() || String(error)}`);
  }
}

/**
 * The ffmpeg arguments of a look's clip, outputs left out: an H.264/AAC MP4 with the moov atom
 * first (+faststart) and a keyframe every 2 s, then the frame at 1 s as a JPEG.
 */
function clipArguments(look: VideoLook, videoPath: string, framePath: string): string[] {
  return [
    // Finite inputs (input-side -t): with two outputs ffmpeg only stops when its inputs end.
    ...['-t', String(look.seconds), '-f', 'lavfi', '-i', videoSource(look)],
    ...[
      '-t',
      String(look.seconds),
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${look.tone}:sample_rate=44100`,
    ],
    ...['-map', '0:v', '-map', '1:a'],
    ...['-c:v', 'libx264', '-preset', 'superfast', '-crf', '28', '-pix_fmt', 'yuv420p'],
    ...['-g', String(FPS * 2), '-threads', '1'],
    ...['-af', 'volume=0.2', '-c:a', 'aac', '-b:a', '64k'],
    ...['-movflags', '+faststart', videoPath],
    ...['-map', '0:v', '-ss', '1', '-frames:v', '1', '-q:v', '3', framePath],
  ];
}

/**
 * Encodes a look's clip to `videoPath` and, in the same ffmpeg run, grabs the frame at 1 s as a
 * JPEG (`framePath`, ending in .jpg), the thumbnail's source. One process per video instead of
 * two: on a 2-core machine process start-up and decoding are a real share of the seed's time.
 * A clip made before with the same arguments is copied from `cache` instead (demo-media-cache.ts).
 */
export async function makeVideoAndThumbnail(
  look: VideoLook,
  videoPath: string,
  framePath: string,
  cache?: DemoMediaCache,
): Promise<void> {
  const key = clipKey([ffmpegPath(), ...clipArguments(look, 'video.mp4', 'frame.jpg')]);
  if (cache && (await cache.copyOut(key, { video: videoPath, frame: framePath }))) return;
  await ffmpeg(clipArguments(look, videoPath, framePath));
  await cache?.keep(key, { video: videoPath, frame: framePath });
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function avatarSvg(fullName: string, color: string, accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#${color}"/><stop offset="1" stop-color="#${accent}"/>
  </linearGradient></defs>
  <rect width="320" height="320" fill="url(#g)"/>
  <circle cx="250" cy="70" r="90" fill="#ffffff" fill-opacity="0.12"/>
  <text x="160" y="160" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
    font-size="128" font-weight="700" fill="#ffffff">${escapeXml(initials(fullName))}</text>
</svg>`;
}

export function coverSvg(fullName: string, color: string, accent: string): string {
  const circles = Array.from({ length: 7 }, (_, i) => {
    const x = 180 + i * 220;
    const y = i % 2 === 0 ? 90 : 310;
    return `<circle cx="${x}" cy="${y}" r="${70 + (i % 3) * 40}" fill="#ffffff" fill-opacity="${0.06 + (i % 3) * 0.04}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#${accent}"/><stop offset="1" stop-color="#${color}"/>
  </linearGradient></defs>
  <rect width="1600" height="400" fill="url(#g)"/>${circles}
  <text x="80" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="84" font-weight="700"
    fill="#ffffff" fill-opacity="0.9">${escapeXml(fullName)}</text>
</svg>`;
}

/** Renders the SVG to the PNG a person would upload (uploads refuse SVG). */
export async function makeImage(svg: string, pngPath: string): Promise<void> {
  await sharp(Buffer.from(svg)).png().toFile(pngPath);
}

/** Duration in seconds as ffprobe reads it (what the upload pipeline stores too). */
export async function probeDuration(videoPath: string): Promise<number> {
  const { stdout } = await run(
    ffprobePath(),
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', videoPath],
    { maxBuffer: 1024 * 1024 },
  );
  const seconds = Number.parseFloat(stdout.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`no duration for ${videoPath}`);
  return Math.round(seconds * 1000) / 1000;
}
