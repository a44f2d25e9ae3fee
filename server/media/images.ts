/**
 * Every uploaded image is decoded by sharp (which is the validation: anything it cannot decode is
 * refused), resized to a sensible size for its role, re-encoded to WebP and stripped of metadata
 * (sharp drops EXIF/GPS unless asked to keep it).
 */
import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { unsupportedMedia } from '../http/errors.js';

// Each image is processed once, so libvips's cache of decoded images and operations (up to 50 MB)
// only held memory; one libvips thread per image keeps fewer thread arenas resident.
sharp.cache(false);
sharp.concurrency(1);

export type ImageRole = 'avatar' | 'cover' | 'thumbnail';

const SIZES: Record<ImageRole, { width: number; height: number }> = {
  avatar: { width: 320, height: 320 },
  cover: { width: 1600, height: 400 },
  thumbnail: { width: 1280, height: 720 },
};

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);

/** Refuse decompression bombs: 50 megapixels is far above any real avatar or thumbnail. */
const MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_CONTENT_TYPE = 'image/webp';
export const IMAGE_EXTENSION = 'webp';

/**
 * Re-encodes `inputPath` into `outputPath` as WebP sized for `role`. Throws a 415 naming `field`
 * when the input is not a decodable image. The output file is removed on failure.
 */
export async function processImage(
  inputPath: string,
  outputPath: string,
  role: ImageRole,
  field: string,
): Promise<void> {
  const { width, height } = SIZES[role];
  try {
    const image = sharp(inputPath, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    // sharp also reads SVG, TIFF, HEIF, PDF…; the API promises the four formats browsers share.
    // SVG in particular is a document (scripts, external references), not a picture.
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format} refused`);
    await image
      .rotate() // apply EXIF orientation before the metadata is dropped
      .resize(width, height, { fit: 'cover', position: 'attention', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toFile(outputPath);
  } catch {
    await rm(outputPath, { force: true });
    throw unsupportedMedia(`${field}: must be an image (PNG, JPG, GIF or WebP) that can be read`);
  }
}
