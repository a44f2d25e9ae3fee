/**
 * POST /users/register. Cheap checks first (taken names: 409), then the images (415 when not
 * decodable), then the password hash, then one transaction that inserts the account and moves the
 * images into storage, and queues the confirmation mail. On any failure nothing stays behind: stored images are deleted and the
 * temp files removed.
 */
import type { RegisterBody } from '../../contract/users.js';
import { hashPassword } from '../auth/passwords.js';
import { newId } from '../db/ids.js';
import type { ReceivedFile } from '../media/received-file.js';
import type { ServerContext } from '../context.js';
import { DEFAULT_AVATAR_KEY, DEFAULT_COVER_KEY } from '../media/default-images.js';
import {
  deleteStored,
  discardPrepared,
  prepareImage,
  storePrepared,
  type PreparedImage,
} from '../media/sized-images.js';
import { assertAvailable, insertUser, type UserRow } from './users.js';
import { queueAccountMail } from './account-mail.js';

export interface RegisterInput {
  /** Already trimmed; userName and email lower-cased. */
  fields: Pick<RegisterBody, 'fullName' | 'userName' | 'email' | 'password'>;
  avatar: ReceivedFile | undefined;
  coverImage: ReceivedFile | undefined;
}

export async function registerUser(
  ctx: ServerContext,
  { fields, avatar, coverImage }: RegisterInput,
): Promise<UserRow> {
  await assertAvailable(ctx.db, { userName: fields.userName, email: fields.email });
  const prepared: PreparedImage[] = [];
  const stored: string[] = [];
  try {
    const avatarImage = avatar && (await prepareImage(ctx, avatar.path, 'avatar', avatar.field));
    if (avatarImage) prepared.push(avatarImage);
    const coverImg =
      coverImage && (await prepareImage(ctx, coverImage.path, 'cover', coverImage.field));
    if (coverImg) prepared.push(coverImg);
    const passwordHash = await hashPassword(fields.password);
    // In flight until the account commits (or the images are removed): see media-journal.ts.
    await ctx.journal.record(prepared.map((image) => image.key));
    const row = await ctx.db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        id: newId(),
        fullName: fields.fullName,
        userName: fields.userName,
        email: fields.email,
        passwordHash,
        avatarKey: avatarImage?.key ?? DEFAULT_AVATAR_KEY,
        coverKey: coverImg?.key ?? DEFAULT_COVER_KEY,
      });
      // The confirmation link is mailed by a job committed with the account.
      await queueAccountMail(ctx, { purpose: 'email-confirm', userId: row.id }, tx);
      // Inside the transaction: a storage failure rolls the account back.
      for (const image of prepared) {
        stored.push(image.key);
        await storePrepared(ctx.storage, image);
      }
      return row;
    });
    await ctx.journal.clear(prepared.map((image) => image.key));
    return row;
  } catch (error) {
    await Promise.all(stored.map((key) => deleteStored(ctx.storage, key)));
    await ctx.journal.clear(prepared.map((image) => image.key));
    throw error;
  } finally {
    await discardPrepared(prepared);
  }
}
