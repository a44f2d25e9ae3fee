/**
 * The demo's clips, kept once made. A look decides its ffmpeg run entirely, so a clip encoded for
 * one first start is the same for the next: a new DATA_DIR, `npm run seed` again, or the test
 * suites, which seed the whole demo three times a run (the seed's own tests, the start log, the
 * browser suite's demo site). A clip is one ffmpeg encode; its copy is two file copies. (The
 * seed's other work, the image widths and the rows, is not cached: with 30 of 33 clips kept, the
 * demo's media still took 49 s at load 8.)
 *
 * Kept under node_modules/.cache/vidtube/demo-media (where build tools keep theirs: gone with
 * node_modules, never committed), one folder per clip named by the hash of ffmpeg's path and
 * arguments, so a changed look, encoder setting or ffmpeg binary makes a new entry rather than
 * reusing an old one. Best effort: a folder that cannot be read or written means encoding as
 * before. DEMO_MEDIA_CACHE=0 turns it off (config.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { APP_ROOT } from '../app-root.js';

/** The files of one clip: the MP4 and its frame. */
export interface ClipFiles {
  video: string;
  frame: string;
}

export interface DemoMediaCache {
  /** Copies the clip kept under `key` to `to`; false when there is none (or it cannot be read). */
  copyOut(key: string, to: ClipFiles): Promise<boolean>;
  /** Keeps a copy of `from` under `key`; a failure to write is ignored. */
  keep(key: string, from: ClipFiles): Promise<void>;
}

/** The entry name of a clip: the hash of everything that decides its bytes. */
export const clipKey = (ffmpegCommand: string[]): string =>
  createHash('sha256').update(JSON.stringify(ffmpegCommand)).digest('hex').slice(0, 32);

const NAMES: Record<keyof ClipFiles, string> = { video: 'video.mp4', frame: 'frame.jpg' };

export function demoMediaCache(folder: string): DemoMediaCache {
  return {
    async copyOut(key, to) {
      const entry = path.join(folder, key);
      try {
        await copyFile(path.join(entry, NAMES.video), to.video);
        await copyFile(path.join(entry, NAMES.frame), to.frame);
        return true;
      } catch {
        await Promise.all([rm(to.video, { force: true }), rm(to.frame, { force: true })]);
        // An entry is renamed into place whole, so a part missing means it was damaged since:
        // dropped, to be kept again whole once this clip is encoded.
        await rm(entry, { recursive: true, force: true }).catch(() => {});
        return false;
      }
    },
    async keep(key, from) {
      // Written beside, then renamed into place: a reader never sees half an entry, and two
      // seeds making the same clip at once both end with one whole entry.
      const staging = path.join(folder, `.${key}-${randomBytes(4).toString('hex')}`);
      try {
        await mkdir(staging, { recursive: true });
        await copyFile(from.video, path.join(staging, NAMES.video));
        await copyFile(from.frame, path.join(staging, NAMES.frame));
        await rename(staging, path.join(folder, key));
      } catch {
        // Kept by another seed meanwhile, or not writable: the clip is made either way.
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },
  };
}

/** The project's cache, or none when the configuration turns it off (DEMO_MEDIA_CACHE=0). */
export function demoMediaCacheFor(config: { demoMediaCache: boolean }): DemoMediaCache | undefined {
  if (!config.demoMediaCache) return undefined;
  return demoMediaCache(path.join(APP_ROOT, 'node_modules', '.cache', 'vidtube', 'demo-media'));
}
