/**
 * Setting a new password from a mailed reset link (issue 32). The token is checked before the
 * password is hashed (argon2 is the slow part), and used in the transaction that writes the hash
 * and ends every session of the account, so a link works once, and an expired, used, replaced or
 * forged one changes nothing. The link also proves the mailbox: an unconfirmed address it was
 * sent to is confirmed with it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_MAIL_MESSAGES } from '../../contract/account-mail.js';
import { hashPassword } from '../auth/passwords.js';
import { revokeAllSessions } from '../auth/sessions.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { fieldRefusal } from '../errors.js';
import { consumeToken, openToken } from './account-tokens.js';

const badLink = () => fieldRefusal('invalid', 'token', ACCOUNT_MAIL_MESSAGES.badResetLink);

/** Returns the account whose password changed (its sessions are already revoked). */
export async function resetPassword(db: Db, token: string, password: string): Promise<string> {
  if (!(await openToken(db, 'password-reset', token))) throw badLink();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, 'password-reset', token);
    if (!used) throw badLink();
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, used.userId));
    await tx
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(
        and(eq(users.id, used.userId), eq(users.email, used.email), isNull(users.emailConfirmedAt)),
      );
    await revokeAllSessions(tx, used.userId);
    return used.userId;
  });
}
