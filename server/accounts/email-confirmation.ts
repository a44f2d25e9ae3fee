/**
 * Confirming an email address from its mailed link, and asking for the link again (issue 32).
 * The token names the account and the address it was sent to: the account's own unconfirmed
 * address is confirmed; a pending new address becomes the account's address (unless another
 * account took it meanwhile: 409). A link for an address the account no longer waits for is
 * refused like an expired one. Signed in as another account, the link is refused and kept, so
 * nobody confirms someone else's change by mistake.
 */
import { eq } from 'drizzle-orm';
import { ACCOUNT_MAIL_MESSAGES } from '../../contract/account-mail.js';
import type { Db } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import { users } from '../db/schema.js';
import { conflict, fieldRefusal, forbidden } from '../errors.js';
import { queueAccountMail } from './account-mail.js';
import { consumeToken, openToken } from './account-tokens.js';
import { assertAvailable, rethrowUniqueViolation } from './users.js';

const badLink = () => fieldRefusal('invalid', 'token', ACCOUNT_MAIL_MESSAGES.badConfirmLink);

/** Returns the account's address from now on. */
export async function confirmEmail(
  db: Db,
  token: string,
  callerId: string | undefined,
): Promise<{ userId: string; email: string }> {
  const found = await openToken(db, 'email-confirm', token);
  if (!found) throw badLink();
  if (callerId !== undefined && callerId !== found.userId) {
    throw forbidden(ACCOUNT_MAIL_MESSAGES.otherAccountsLink);
  }
  try {
    return await db.transaction(async (tx) => {
      const used = await consumeToken(tx, 'email-confirm', token);
      if (!used) throw badLink();
      const [account] = await tx
        .select({ email: users.email, pendingEmail: users.pendingEmail })
        .from(users)
        .where(eq(users.id, used.userId))
        .for('update');
      const now = new Date();
      if (account?.pendingEmail === used.email) {
        await assertAvailable(tx, { email: used.email }, used.userId);
        await tx
          .update(users)
          .set({ email: used.email, pendingEmail: null, emailConfirmedAt: now, updatedAt: now })
          .where(eq(users.id, used.userId));
      } else if (account?.email === used.email) {
        await tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, used.userId));
      } else {
        throw badLink();
      }
      return { userId: used.userId, email: used.email };
    });
  } catch (error) {
    rethrowUniqueViolation(error);
  }
}

/** "Send again" on the banner: 409 when nothing waits for confirmation. */
export async function sendConfirmationAgain(
  ctx: { db: Db; jobs: JobQueue },
  userId: string,
): Promise<void> {
  const [account] = await ctx.db
    .select({ confirmedAt: users.emailConfirmedAt, pendingEmail: users.pendingEmail })
    .from(users)
    .where(eq(users.id, userId));
  if (!account || (account.confirmedAt && !account.pendingEmail)) {
    throw conflict(ACCOUNT_MAIL_MESSAGES.alreadyConfirmed);
  }
  await queueAccountMail(ctx, { purpose: 'email-confirm', userId });
}

/** REQUIRE_CONFIRMED_EMAIL_TO_UPLOAD: a 403 that says what to do, before any byte is read. */
export async function assertMayUpload(
  ctx: { db: Db; config: { requireConfirmedEmailToUpload: boolean } },
  userId: string,
): Promise<void> {
  if (!ctx.config.requireConfirmedEmailToUpload) return;
  const [account] = await ctx.db
    .select({ confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!account?.confirmedAt) throw forbidden(ACCOUNT_MAIL_MESSAGES.confirmToUpload);
}
