/**
 * PATCH update-Account-Details (issue 32): the full name changes at once; a new email address does
 * not. It is kept as the account's `pendingEmail`, a confirmation link goes to it and the current
 * address is told, and `email` changes only when the link is opened (email-confirmation.ts).
 * Sending the current address again cancels a pending change; sending the same pending address
 * again sends nothing (the banner's "Send again" does that, rate-limited).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import { users } from '../db/schema.js';
import { queueAccountMail } from './account-mail.js';
import { assertAvailable, type UserRow } from './users.js';

export async function updateAccountDetails(
  ctx: { db: Db; jobs: JobQueue },
  userId: string,
  details: { fullName: string; email: string },
): Promise<UserRow | null> {
  await assertAvailable(ctx.db, { email: details.email }, userId);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ email: users.email, pendingEmail: users.pendingEmail })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current) return null;
    const changing = details.email !== current.email;
    const [row] = await tx
      .update(users)
      .set({
        fullName: details.fullName,
        pendingEmail: changing ? details.email : null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (changing && details.email !== current.pendingEmail) {
      await queueAccountMail(ctx, { purpose: 'email-confirm', userId }, tx);
      await queueAccountMail(
        ctx,
        {
          purpose: 'email-change-notice',
          userId,
          oldEmail: current.email,
          newEmail: details.email,
        },
        tx,
      );
    }
    return row ?? null;
  });
}
