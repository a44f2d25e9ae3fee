/**
 * PATCH update-Account-Details (issue 32): the full name changes at once; a new email address does
 * not. It is kept as the account's `pendingEmail`, a confirmation link goes to it and the current
 * address is told, and `email` changes only when the link is opened (email-confirmation.ts).
 * Sending the current address again cancels a pending change; sending the same pending address
 * again sends nothing (the banner's "Send again" does that, rate-limited). Each new address
 * mails two messages, so new addresses count against MAIL_REQUEST_LIMIT per account, in the
 * database (any replica, either database): past it the whole change is refused (429) and nothing
 * is saved, the full name included, so the form can simply be sent again later.
 */
import { eq } from 'drizzle-orm';
import { ACCOUNT_MAIL_MESSAGES, MAIL_REQUEST_LIMIT } from '../../contract/account-mail.js';
import type { Db } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import { users } from '../db/schema.js';
import { tooMany } from '../errors.js';
import { queueAccountMail } from './account-mail.js';
import { countHit } from './rate-limit-counters.js';
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
      const { current: changes } = await countHit(
        tx,
        `email-change:${userId}`,
        MAIL_REQUEST_LIMIT.windowMs,
      );
      if (changes > MAIL_REQUEST_LIMIT.max) throw tooMany(ACCOUNT_MAIL_MESSAGES.tooManyRequests);
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
