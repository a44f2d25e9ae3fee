/**
 * Reads what a file really is with ffprobe; the client's file name and MIME type are never
 * trusted. A file is a video only when it holds a real video stream (not a cover picture) in a
 * container we can serve, and has a positive duration.
 */
import { unsupported } from '../errors.js';
import { ffprobePath } from './binaries.js';
import { runBinary } from './run-binary.js';

/** How the stored file is written: MP4 (remuxed with faststart) or WebM (remuxed, as is). */
export type VideoContainer = 'mp4' | 'webm';

export interface VideoProbe {
  /** Seconds. */
  duration: number;
  /** The container the upload is stored in after remuxing. */
  target: VideoContainer;
  width: number;
  height: number;
  /** Whether an audio stream exists (renditions then carry AAC). */
  hasAudio: boolean;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

const PROBE_TIMEOUT_MS = 30_000;
const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis']);
export const UNREADABLE_VIDEO = 'videoFile: Video file could not be read as a video';
export const NOT_A_VIDEO = 'videoFile: Video file contains no video stream';
export const UNSUPPORTED_CONTAINER =
  'videoFile: Video file is in a format we cannot play (use MP4, MOV, WebM or MKV)';

/** Decides the stored container from ffprobe's format name and codecs; null when unsupported. */
function targetOf(formatName: string, codecs: string[]): VideoContainer | null {
  const names = formatName.split(',');
  if (names.includes('mp4') || names.includes('mov')) return 'mp4';
  if (names.includes('matroska') || names.includes('webm')) {
    // A real WebM (VP8/VP9/AV1 with Opus/Vorbis) plays in browsers as it is; other Matroska
    // files (usually H.264/AAC) are rewrapped into MP4, which browsers play everywhere.
    return codecs.every((c) => WEBM_CODECS.has(c)) ? 'webm' : 'mp4';
  }
  return null;
}

export async function probeVideo(filePath: string, ffprobeOverride?: string): Promise<VideoProbe> {
  let output: ProbeOutput;
  try {
    const { stdout } = await runBinary(
      ffprobePath(ffprobeOverride),
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', filePath],
      PROBE_TIMEOUT_MS,
    );
    output = JSON.parse(stdout) as ProbeOutput;
  } catch {
    throw unsupported(UNREADABLE_VIDEO);
  }
  const streams = output.streams ?? [];
  const formatName = output.format?.format_name ?? '';
  // Still images probe as a one-frame "video" (png_pipe, image2…); cover art of audio files is an
  // attached picture. Neither is a video.
  const isImage = formatName === 'image2' || formatName.endsWith('_pipe');
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video || isImage) throw unsupported(NOT_A_VIDEO);
  const codecs = streams
    .filter((s) => s.codec_type === 'video' || s.codec_type === 'audio')
    .map((s) => s.codec_name ?? '');
  const target = targetOf(formatName, codecs);
  if (!target) throw unsupported(UNSUPPORTED_CONTAINER);
  const duration = Number(output.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw unsupported(UNREADABLE_VIDEO);
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  return { duration, target, width: video.width ?? 0, height: video.height ?? 0, hasAudio };
}
