/**
 * The project-made default avatar and cover (server/assets/*.svg), rendered once into storage at
 * every width of their role and shared by every account that registers without an image. Their
 * base names carry a version so that the year-long immutable cache of media files stays correct:
 * change the art, bump the version.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { APP_ROOT } from '../app-root.js';
import { IMAGE_ROLES, sizedKey, storedKeysOf, type ImageRole } from './image-keys.js';
import type { ServerContext } from '../context.js';
import { storeImageAs } from './sized-images.js';

const ASSETS_DIR = path.join(APP_ROOT, 'server/assets');

/** The SVGs are drawn at their role's largest width, so every width is a downscale. */
const largest = (role: ImageRole) => IMAGE_ROLES[role].widths.at(-1) ?? 1;

export const DEFAULT_AVATAR_KEY = sizedKey('avatar', 'default-2', largest('avatar'));
export const DEFAULT_COVER_KEY = sizedKey('cover', 'default-2', largest('cover'));

/** Single files of the first version, which rows made before sizes existed still name. */
export const LEGACY_DEFAULT_KEYS: Record<string, string> = {
  'defaults/avatar-1.webp': DEFAULT_AVATAR_KEY,
  'defaults/cover-1.webp': DEFAULT_COVER_KEY,
};

const SOURCES: Record<string, string> = {
  [DEFAULT_AVATAR_KEY]: 'default-avatar.svg',
  [DEFAULT_COVER_KEY]: 'default-cover.svg',
};

const SHARED_KEYS = new Set(
  [DEFAULT_AVATAR_KEY, DEFAULT_COVER_KEY].flatMap((key) => storedKeysOf(key)),
);

/** Shared images must never be deleted when one account replaces its own, nor as orphans. */
export function isDefaultImageKey(key: string): boolean {
  return SHARED_KEYS.has(key) || key.startsWith('defaults/');
}

/** Renders whichever default image is missing from storage (first start, or a fresh store). */
export async function ensureDefaultImages(ctx: ServerContext): Promise<void> {
  for (const [key, source] of Object.entries(SOURCES)) {
    if ((await ctx.storage.size(key)) !== null) continue;
    const tmpPath = path.join(ctx.tmpDir, `default-${randomBytes(8).toString('hex')}.png`);
    try {
      await sharp(path.join(ASSETS_DIR, source)).png().toFile(tmpPath);
      await storeImageAs(ctx, tmpPath, key);
      // No row names it, yet it is never an orphan (isDefaultImageKey): nothing is in flight.
      await ctx.journal.clear([key]);
    } finally {
      await rm(tmpPath, { force: true });
    }
  }
}
