/**
 * Account images (avatar, cover): decoded and re-encoded by sharp into a temp WebP, stored under
 * a new unguessable key (so the year-long immutable cache of media never serves a stale image),
 * and the previous file deleted only after the database points at the new one.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { newId } from '../db/ids.js';
import { users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { ReceivedFile } from '../http/multipart.js';
import type { AppContext } from '../context.js';
import { IMAGE_CONTENT_TYPE, IMAGE_EXTENSION, processImage } from '../media/images.js';
import { isDefaultImageKey } from './default-images.js';
import type { UserRow } from './users.js';

export type AccountImage = 'avatar' | 'cover';

const FOLDERS: Record<AccountImage, string> = { avatar: 'avatars', cover: 'covers' };

/** A re-encoded image waiting in the temp folder for its storage key. */
export interface PreparedImage {
  key: string;
  path: string;
}

/** 415 (naming the form field) when the upload is not a decodable image. */
export async function prepareImage(
  ctx: AppContext,
  file: ReceivedFile,
  kind: AccountImage,
): Promise<PreparedImage> {
  const output = path.join(
    ctx.tmpDir,
    `image-${randomBytes(12).toString('hex')}.${IMAGE_EXTENSION}`,
  );
  await processImage(file.path, output, kind, file.field);
  return { key: `${FOLDERS[kind]}/${newId()}.${IMAGE_EXTENSION}`, path: output };
}

/** Removes the temp file of a prepared image (a no-op once storage has taken it). */
export async function discardPrepared(images: readonly (PreparedImage | undefined)[]) {
  await Promise.all(images.flatMap((image) => (image ? [rm(image.path, { force: true })] : [])));
}

export async function storePrepared(ctx: AppContext, image: PreparedImage): Promise<void> {
  await ctx.storage.put(image.key, image.path, IMAGE_CONTENT_TYPE);
}

/**
 * Deletes a replaced image. Failure only leaves an orphan file behind, never a broken account,
 * so it is logged rather than failing a request whose change has already committed.
 */
async function deleteReplacedImage(
  ctx: AppContext,
  key: string,
  log: FastifyBaseLogger,
): Promise<void> {
  if (isDefaultImageKey(key)) return;
  try {
    await ctx.storage.delete(key);
  } catch (err) {
    log.warn({ err, key }, 'could not delete a replaced image');
  }
}

/** PATCH update-Avatar / update-CoverImage: the updated account row. */
export async function replaceAccountImage(
  ctx: AppContext,
  userId: string,
  kind: AccountImage,
  file: ReceivedFile,
  log: FastifyBaseLogger,
): Promise<UserRow> {
  const image = await prepareImage(ctx, file, kind);
  try {
    await storePrepared(ctx, image);
    let previousKey: string;
    let row: UserRow;
    try {
      // Lock the row so two concurrent changes each see (and later delete) the right old file.
      ({ previousKey, row } = await ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ avatarKey: users.avatarKey, coverKey: users.coverKey })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!current) throw notFound('User not found');
        const [updated] = await tx
          .update(users)
          .set(
            kind === 'avatar'
              ? { avatarKey: image.key, updatedAt: new Date() }
              : { coverKey: image.key, updatedAt: new Date() },
          )
          .where(eq(users.id, userId))
          .returning();
        if (!updated) throw notFound('User not found');
        return {
          previousKey: kind === 'avatar' ? current.avatarKey : current.coverKey,
          row: updated,
        };
      }));
    } catch (error) {
      await ctx.storage.delete(image.key);
      throw error;
    }
    await deleteReplacedImage(ctx, previousKey, log);
    return row;
  } finally {
    await discardPrepared([image]);
  }
}
