/**
 * Account images (avatar, cover): decoded and re-encoded by sharp at every width of their role
 * (media/sized-images.ts) under a new unguessable key, and the previous image's widths
 * deleted only after the database points at the new one.
 */
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { ReceivedFile } from '../media/received-file.js';
import type { ServerContext } from '../context.js';
import { isDefaultImageKey } from '../media/default-images.js';
import {
  deleteStored,
  discardPrepared,
  prepareImage,
  storeRecorded,
} from '../media/sized-images.js';
import type { UserRow } from './users.js';

export type AccountImage = 'avatar' | 'cover';

/**
 * Deletes a replaced image. Failure only leaves an orphan file behind, never a broken account,
 * so it is logged rather than failing a request whose change has already committed.
 */
async function deleteReplacedImage(
  ctx: Pick<ServerContext, 'storage'>,
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

async function currentImageKey(ctx: Pick<ServerContext, 'db'>, userId: string, kind: AccountImage) {
  const [row] = await ctx.db
    .select({ avatarKey: users.avatarKey, coverKey: users.coverKey })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('User not found');
  return kind === 'avatar' ? row.avatarKey : row.coverKey;
}

/** PATCH update-Avatar / update-CoverImage: the updated account row. */
export async function replaceAccountImage(
  ctx: ServerContext,
  userId: string,
  kind: AccountImage,
  file: ReceivedFile,
  log: FastifyBaseLogger,
): Promise<UserRow> {
  const image = await prepareImage(ctx, file.path, kind, file.field);
  // The new image until the row names it, and the current one until it is removed.
  const recorded = [image.key];
  try {
    const current = await currentImageKey(ctx, userId, kind);
    await ctx.journal.record([current]);
    recorded.push(current);
    await storeRecorded(ctx, image);
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
      await ctx.journal.clear(recorded);
      throw error;
    }
    // Replaced concurrently since it was read: the one this change replaced is in flight too.
    if (!recorded.includes(previousKey)) {
      await ctx.journal.record([previousKey]);
      recorded.push(previousKey);
    }
    await deleteReplacedImage(ctx, previousKey, log);
    await ctx.journal.clear(recorded);
    return row;
  } finally {
    await discardPrepared([image]);
  }
}
