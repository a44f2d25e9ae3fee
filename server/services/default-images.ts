/**
 * The project-made default avatar and cover (server/assets/*.svg), rendered once into storage and
 * shared by every account that registers without an image. Their keys carry a version so that the
 * year-long immutable cache of media files stays correct: change the art, bump the version.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { IMAGE_CONTENT_TYPE } from '../media/images.js';
import type { AppContext } from '../context.js';

const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');
const DEFAULTS_FOLDER = 'defaults';

export const DEFAULT_AVATAR_KEY = `${DEFAULTS_FOLDER}/avatar-1.webp`;
export const DEFAULT_COVER_KEY = `${DEFAULTS_FOLDER}/cover-1.webp`;

const SOURCES: Record<string, string> = {
  [DEFAULT_AVATAR_KEY]: 'default-avatar.svg',
  [DEFAULT_COVER_KEY]: 'default-cover.svg',
};

/** Shared images must never be deleted when one account replaces its own. */
export function isDefaultImageKey(key: string): boolean {
  return key.startsWith(`${DEFAULTS_FOLDER}/`);
}

/** Renders whichever default image is missing from storage (first start, or a fresh store). */
export async function ensureDefaultImages(ctx: AppContext): Promise<void> {
  for (const [key, source] of Object.entries(SOURCES)) {
    if ((await ctx.storage.size(key)) !== null) continue;
    const tmpPath = path.join(ctx.tmpDir, `default-${randomBytes(8).toString('hex')}.webp`);
    try {
      await sharp(path.join(ASSETS_DIR, source)).webp({ quality: 90 }).toFile(tmpPath);
      await ctx.storage.put(key, tmpPath, IMAGE_CONTENT_TYPE);
    } finally {
      await rm(tmpPath, { force: true });
    }
  }
}
