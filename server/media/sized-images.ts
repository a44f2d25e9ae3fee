/**
 * Images in storage at every width of their role (server/media/image-keys.ts names them). Each
 * new image gets a fresh random base name, so the year-long immutable cache of media never shows
 * a stale picture. Every write removes what it stored when a later step fails, and every delete
 * removes all the widths, so a set is whole or gone. `storeNewImage` and `storeImageAs` record
 * the key in the media journal first (storage/media-journal.ts); the caller clears it once a row
 * names the image.
 */
import { newId } from '../db/ids.js';
import { IMAGE_CONTENT_TYPE, sizedKey, storedKeysOf, type ImageRole } from './image-keys.js';
import { checkedTopWidth, discardRendered, renderSizes, type RenderedSize } from './images.js';
import type { MediaStorage } from '../storage/storage.js';
import type { ServerContext } from '../context.js';

/** What image writes need: the store, the temp folder to render into, and the journal. */
export type ImageStore = Pick<ServerContext, 'storage' | 'tmpDir' | 'journal'>;

/** A re-encoded image waiting in the temp folder for storage. */
export interface PreparedImage {
  /** The key a row stores (the largest width). */
  key: string;
  files: RenderedSize[];
}

/**
 * Validates `sourcePath` (415 naming `field`) and renders every width it can fill, under a fresh
 * key unless `key` is given (conversion and seeding choose their own).
 */
export async function prepareImage(
  ctx: ImageStore,
  sourcePath: string,
  role: ImageRole,
  field: string,
): Promise<PreparedImage> {
  const top = await checkedTopWidth(sourcePath, role, field);
  const key = sizedKey(role, newId(), top);
  return { key, files: await renderSizes(sourcePath, key, ctx.tmpDir, field) };
}

/**
 * Moves every width into storage, narrowest first: the largest (the key a row names) comes last,
 * so when it exists the whole set does. When one fails, those already stored are deleted.
 */
export async function storePrepared(storage: MediaStorage, image: PreparedImage): Promise<void> {
  const stored: string[] = [];
  try {
    for (const file of image.files) {
      await storage.put(file.key, file.path, IMAGE_CONTENT_TYPE);
      stored.push(file.key);
    }
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key)));
    throw error;
  }
}

/** Removes the temp files of prepared images (a no-op once storage has taken them). */
export async function discardPrepared(images: readonly (PreparedImage | undefined)[]) {
  await Promise.all(images.flatMap((image) => (image ? [discardRendered(image.files)] : [])));
}

/**
 * Records a prepared image in the journal, then stores it (outside any transaction: the record
 * commits at once). A failed store removes what it stored and clears the record.
 */
export async function storeRecorded(ctx: ImageStore, image: PreparedImage): Promise<void> {
  await ctx.journal.record([image.key]);
  try {
    await storePrepared(ctx.storage, image);
  } catch (error) {
    await ctx.journal.clear([image.key]);
    throw error;
  }
}

/** Validates, renders and stores a new image; returns its key (recorded in the journal). */
export async function storeNewImage(
  ctx: ImageStore,
  sourcePath: string,
  role: ImageRole,
  field: string,
): Promise<string> {
  const image = await prepareImage(ctx, sourcePath, role, field);
  try {
    await storeRecorded(ctx, image);
    return image.key;
  } finally {
    await discardPrepared([image]);
  }
}

/**
 * Renders and stores every width of a key chosen by the caller (seed, defaults, conversion),
 * recorded in the journal.
 */
export async function storeImageAs(ctx: ImageStore, sourcePath: string, key: string) {
  const image = { key, files: await renderSizes(sourcePath, key, ctx.tmpDir, 'image') };
  try {
    await storeRecorded(ctx, image);
  } finally {
    await discardPrepared([image]);
  }
}

/** Deletes every file a row's key stands for: each width of an image, or a single file. */
export async function deleteStored(storage: MediaStorage, key: string): Promise<void> {
  await Promise.all(storedKeysOf(key).map((stored) => storage.delete(stored)));
}
