/**
 * Every uploaded image is decoded by sharp (which is the validation: anything it cannot decode is
 * refused), cropped to its role's aspect, re-encoded to WebP at each width of its role that the
 * source can fill (never enlarged), and stripped of metadata (sharp drops EXIF/GPS unless asked
 * to keep it). Key naming lives in image-keys.ts.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { unreadableImage } from '../errors.js';
import { heightFor, parseSizedKey, sizedFiles, topWidthFor, type ImageRole } from './image-keys.js';

// Each image is processed once, so libvips's cache of decoded images and operations (up to 50 MB)
// only held memory; one libvips thread per image keeps fewer thread arenas resident.
sharp.cache(false);
sharp.concurrency(1);

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);

/** Refuse decompression bombs: 50 megapixels is far above any real avatar or thumbnail. */
const MAX_INPUT_PIXELS = 50_000_000;

const WEBP_QUALITY = 82;

function open(inputPath: string) {
  return sharp(inputPath, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
}

/**
 * The largest width `inputPath` can give `role` without enlarging. Throws a 415 naming `field`
 * when the input is not a decodable PNG, JPG, GIF or WebP.
 */
export async function checkedTopWidth(
  inputPath: string,
  role: ImageRole,
  field: string,
): Promise<number> {
  try {
    // sharp also reads SVG, TIFF, HEIF, PDF…; the API promises the four formats browsers share.
    // SVG in particular is a document (scripts, external references), not a picture.
    const { format, width, height, orientation } = await open(inputPath).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format} refused`);
    // Orientations 5–8 are quarter turns: the upright picture is height × width.
    const turned = (orientation ?? 1) >= 5;
    return topWidthFor(role, turned ? height : width, turned ? width : height);
  } catch {
    throw unreadableImage(field);
  }
}

export interface RenderedSize {
  width: number;
  /** The storage key this file belongs under. */
  key: string;
  path: string;
}

/**
 * Writes every width of the sized `key` from `inputPath` into `outDir`. The source is cropped
 * once to the largest width (attention: the busiest region survives the crop) and every width is
 * scaled from that uncompressed crop, so all show the same picture without a second lossy pass.
 * A 415 naming `field` when sharp cannot decode the input; on any failure the files written so
 * far are removed.
 */
export async function renderSizes(
  inputPath: string,
  key: string,
  outDir: string,
  field: string,
): Promise<RenderedSize[]> {
  const parsed = parseSizedKey(key);
  if (!parsed) throw new Error(`not a sized image key: ${key}`);
  const { role, top } = parsed;
  const crop = await open(inputPath)
    .rotate() // apply EXIF orientation before the metadata is dropped
    .resize(top, heightFor(role, top), { fit: 'cover', position: 'attention' })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw unreadableImage(field);
    });
  const { width, height, channels } = crop.info;
  const rendered: RenderedSize[] = sizedFiles(key).map((file) => ({
    ...file,
    path: path.join(outDir, path.basename(file.key)),
  }));
  try {
    for (const size of rendered) {
      await sharp(crop.data, { raw: { width, height, channels } })
        .resize(size.width, heightFor(role, size.width), { fit: 'fill' })
        .webp({ quality: WEBP_QUALITY })
        .toFile(size.path);
    }
    return rendered;
  } catch (error) {
    await discardRendered(rendered);
    throw error;
  }
}

/** Removes rendered temp files (a no-op for those storage has already taken). */
export async function discardRendered(files: readonly RenderedSize[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}
