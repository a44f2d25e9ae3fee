/**
 * Account images (avatar, cover): decoded and re-encoded by sharp at every width of their role
 * (services/sized-images.ts) under a new unguessable key, and the previous image's widths
 * deleted only after the database points at the new one.
 */
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { ReceivedFile } from '../http/multipart.js';
import type { AppContext } from '../context.js';
import { isDefaultImageKey } from './default-images.js';
import { deleteStored, discardPrepared, prepareImage, storePrepared } from './sized-images.js';
import type { UserRow } from './users.js';

export type AccountImage = 'avatar' | 'cover';

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
    await deleteStored(ctx.storage, key);
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
  const image = await prepareImage(ctx, file.path, kind, file.field);
  try {
    await storePrepared(ctx.storage, image);
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
      await deleteStored(ctx.storage, image.key);
      throw error;
    }
    await deleteReplacedImage(ctx, previousKey, log);
    return row;
  } finally {
    await discardPrepared([image]);
  }
}
