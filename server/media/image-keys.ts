/**
 * Storage keys of images kept at several widths. The key a row stores names the largest width;
 * the smaller ones sit beside it under the same base name, so one column is enough and every
 * reader (API answers, deletes, the media reconciliation) derives the whole set from the key:
 *
 *   thumbnail-sizes/<base>-w1280.webp  → also …-w180.webp, …-w360.webp and …-w720.webp
 *
 * Only the `*-sizes` folders follow this rule: a key elsewhere (thumbnails/, avatars/, covers/,
 * defaults/) is a single file stored before sizes existed (converted by maintenance/). The folder
 * names the role, and the role its ladder of widths; changing a ladder needs a new folder name,
 * or the sets already stored would be misread.
 */

export type ImageRole = 'avatar' | 'cover' | 'thumbnail';

interface RoleSizes {
  folder: string;
  /** Width over height of every stored size (the image is cropped to it). */
  aspect: number;
  /** Widths the screens ask for, ascending; the last is also the largest ever stored. */
  widths: readonly number[];
}

/**
 * Thumbnails: Chromium takes the narrowest width at least as wide as the slot × pixel ratio, so
 * the ladder sits just above the slots: 360 covers the 323 px home card (3 columns at 1280 px)
 * and the 360 px search row at 1x, 720 both at 2x, 180 the 160 px side lists at 1x; 1280 is the
 * watch page's poster and phones at 3x.
 * Avatars are drawn at 24–88 px (src/ui/avatar.tsx callers): 48 and 96 serve 1x and 2x of the
 * small ones, 192 the channel header at 2x, 320 the profile editor. Covers span the content
 * column: 640 on phones, 1280 and 1600 on wide screens.
 */
export const IMAGE_ROLES: Record<ImageRole, RoleSizes> = {
  thumbnail: { folder: 'thumbnail-sizes', aspect: 16 / 9, widths: [180, 360, 720, 1280] },
  avatar: { folder: 'avatar-sizes', aspect: 1, widths: [48, 96, 192, 320] },
  cover: { folder: 'cover-sizes', aspect: 4, widths: [640, 1280, 1600] },
};

export const IMAGE_CONTENT_TYPE = 'image/webp';
export const IMAGE_EXTENSION = 'webp';

const SIZED_KEY = /^([a-z-]+)\/([A-Za-z0-9_-]+)-w(\d+)\.webp$/;

export interface SizedKey {
  role: ImageRole;
  base: string;
  /** The largest stored width: the file the key itself names. */
  top: number;
}

export interface SizedFile {
  width: number;
  key: string;
}

const ROLE_OF_FOLDER = new Map(
  (Object.keys(IMAGE_ROLES) as ImageRole[]).map((role) => [IMAGE_ROLES[role].folder, role]),
);

export function sizedKey(role: ImageRole, base: string, top: number): string {
  return `${IMAGE_ROLES[role].folder}/${base}-w${top}.${IMAGE_EXTENSION}`;
}

/** Null for a single-file key (stored before sizes existed, or a video file). */
export function parseSizedKey(key: string): SizedKey | null {
  const match = SIZED_KEY.exec(key);
  const role = match && ROLE_OF_FOLDER.get(match[1]!);
  if (!match || !role) return null;
  return { role, base: match[2]!, top: Number(match[3]) };
}

/** The ladder's widths below `top`, then `top` itself: never wider than the source allowed. */
export function widthsUpTo(role: ImageRole, top: number): number[] {
  return [...IMAGE_ROLES[role].widths.filter((width) => width < top), top];
}

export function heightFor(role: ImageRole, width: number): number {
  return Math.max(1, Math.round(width / IMAGE_ROLES[role].aspect));
}

/**
 * The largest width to store for a source of `width`×`height` (already upright): the widest crop
 * of the role's aspect that fits in the source, capped at the ladder's top. Never an upscale.
 */
export function topWidthFor(role: ImageRole, width: number, height: number): number {
  const { aspect, widths } = IMAGE_ROLES[role];
  const cropWidth = Math.min(width, Math.floor(height * aspect));
  return Math.max(1, Math.min(cropWidth, widths[widths.length - 1]!));
}

/** Every size behind a sized key, narrowest first; empty for a single-file key. */
export function sizedFiles(key: string): SizedFile[] {
  const parsed = parseSizedKey(key);
  if (!parsed) return [];
  const { role, base, top } = parsed;
  return widthsUpTo(role, top).map((width) => ({ width, key: sizedKey(role, base, width) }));
}

/** Every stored file a row's key stands for: its sizes, or the key itself. */
export function storedKeysOf(key: string): string[] {
  const files = sizedFiles(key);
  return files.length > 0 ? files.map((file) => file.key) : [key];
}

/**
 * The same kind of key under another base name, with the file-by-file copies that make it:
 * for a sized key every width moves, for a single file just the one.
 */
export function renamedKey(
  key: string,
  newBase: string,
): { key: string; copies: { from: string; to: string }[] } {
  const parsed = parseSizedKey(key);
  if (!parsed) {
    const slash = key.indexOf('/');
    const dot = key.lastIndexOf('.');
    const to = `${key.slice(0, slash)}/${newBase}${key.slice(dot)}`;
    return { key: to, copies: [{ from: key, to }] };
  }
  const { role, top } = parsed;
  return {
    key: sizedKey(role, newBase, top),
    copies: sizedFiles(key).map(({ width, key: from }) => ({
      from,
      to: sizedKey(role, newBase, width),
    })),
  };
}
