/**
 * Checking and changing passwords. Login gives one answer for every mismatch ("Invalid
 * credentials") and spends the same argon2 work whether or not the account exists, so neither
 * the message nor the response time tells which of userName, email or password was wrong.
 */
import { eq } from 'drizzle-orm';
import { FIELD_SENTENCES } from '../../contract/field-messages.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { revokeOtherSessions } from '../auth/sessions.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { fieldRefusal, unauthorized } from '../errors.js';
import type { UserRow } from './users.js';

const INVALID_CREDENTIALS = 'Invalid credentials';

let dummyHash: Promise<string> | undefined;
/** A real hash of a random password, verified when no account matches (equal timing). */
function decoyHash(): Promise<string> {
  dummyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return dummyHash;
}

export interface LoginInput {
  /** Lower-cased; empty or absent means "not given". */
  userName?: string | undefined;
  email?: string | undefined;
  password: string;
}

/** The account named by every identifier given, when the password matches; else a 401. */
export async function authenticate(db: Db, input: LoginInput): Promise<UserRow> {
  const userName = input.userName || undefined;
  const email = input.email || undefined;
  if (!userName && !email) {
    throw fieldRefusal('invalid', 'userName', 'Give your user name or your email to sign in');
  }
  const [row] = await db
    .select()
    .from(users)
    .where(userName ? eq(users.userName, userName) : eq(users.email, email ?? ''));
  const sameAccount = !!row && (!email || row.email === email);
  const passwordOk = await verifyPassword(
    row && sameAccount ? row.passwordHash : await decoyHash(),
    input.password,
  );
  if (!row || !sameAccount || !passwordOk) throw unauthorized(INVALID_CREDENTIALS);
  return row;
}

/**
 * 400 when the new password is the current one (checked first: both were typed by the caller, so
 * saying so reveals nothing, and it spares the hash), or when the old password is wrong. Unless
 * the user chose to keep them (issue 32: the form offers it, checked by default), other sessions
 * are revoked in the same transaction as the new hash: a thief holding another session loses it
 * the moment the password changes. Answers how many were signed out.
 */
export async function changePassword(
  db: Db,
  auth: { userId: string; sessionId: string },
  oldPassword: string,
  newPassword: string,
  signOutOthers = true,
): Promise<number> {
  if (newPassword === oldPassword) {
    throw fieldRefusal('invalid', 'newPassword', FIELD_SENTENCES.samePassword);
  }
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!row || !(await verifyPassword(row.passwordHash, oldPassword))) {
    throw fieldRefusal('invalid', 'oldPassword', FIELD_SENTENCES.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, auth.userId));
    return signOutOthers ? revokeOtherSessions(tx, auth.userId, auth.sessionId) : 0;
  });
}
