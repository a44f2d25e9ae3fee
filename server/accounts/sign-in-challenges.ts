/**
 * Short-lived ceremonies of signing in (issue 32, table sign_in_challenges): the second step after
 * the password, a passkey sign-in, a passkey being added. The client holds `${id}.${secret}` and
 * only the secret's SHA-256 is stored, so a database dump opens nothing. A challenge is used once
 * (consumed by a conditional delete, so two concurrent answers cannot both win), expires, and
 * counts wrong answers: past the limit it is gone and the sign-in starts over.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { SECOND_STEP_MAX_ATTEMPTS, SECOND_STEP_MESSAGES } from '../../contract/second-step.js';
import { hashSecret, newRefreshSecret } from '../auth/tokens.js';
import type { Db, Tx } from '../db/client.js';
import { newId } from '../db/ids.js';
import { signInChallenges } from '../db/schema.js';
import { unauthorized } from '../errors.js';

export type ChallengePurpose = 'second-step' | 'passkey-sign-in' | 'passkey-register';

export interface OpenChallenge {
  id: string;
  userId: string | null;
  webauthnChallenge: string | null;
  attempts: number;
}

export async function startChallenge(
  db: Db | Tx,
  input: {
    purpose: ChallengePurpose;
    userId?: string;
    webauthnChallenge?: string;
    ttlMs: number;
  },
): Promise<{ ticket: string; id: string }> {
  const id = newId();
  const secret = newRefreshSecret();
  await db.insert(signInChallenges).values({
    id,
    purpose: input.purpose,
    userId: input.userId ?? null,
    secretHash: hashSecret(secret),
    webauthnChallenge: input.webauthnChallenge ?? null,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return { ticket: `${id}.${secret}`, id };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The live challenge a ticket names, for this purpose; a 401 with one message for a ticket that
 * is malformed, unknown, forged, expired, used or out of attempts (none of them is worth telling
 * apart to whoever holds it).
 */
export async function openChallenge(
  db: Db | Tx,
  ticket: string,
  purpose: ChallengePurpose,
): Promise<OpenChallenge> {
  const [id, secret, extra] = ticket.split('.');
  const expired = unauthorized(SECOND_STEP_MESSAGES.expired);
  if (!id || !secret || extra !== undefined) throw expired;
  const [row] = await db.select().from(signInChallenges).where(eq(signInChallenges.id, id));
  if (
    !row ||
    row.purpose !== purpose ||
    !sameHash(row.secretHash, hashSecret(secret)) ||
    row.expiresAt.getTime() <= Date.now() ||
    row.attempts >= SECOND_STEP_MAX_ATTEMPTS
  ) {
    throw expired;
  }
  return {
    id: row.id,
    userId: row.userId,
    webauthnChallenge: row.webauthnChallenge,
    attempts: row.attempts,
  };
}

/**
 * Counts a wrong answer; the last allowed one deletes the challenge. Returns whether the caller
 * may try again (the route then says "wrong code" or "too many").
 */
export async function failChallenge(db: Db | Tx, id: string): Promise<boolean> {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(eq(signInChallenges.id, id))
    .returning({ attempts: signInChallenges.attempts });
  if (!row || row.attempts >= SECOND_STEP_MAX_ATTEMPTS) {
    await db.delete(signInChallenges).where(eq(signInChallenges.id, id));
    return false;
  }
  return true;
}

/** Uses the challenge up. False when another request consumed it first (then refuse). */
export async function consumeChallenge(db: Db | Tx, id: string): Promise<boolean> {
  const gone = await db
    .delete(signInChallenges)
    .where(eq(signInChallenges.id, id))
    .returning({ id: signInChallenges.id });
  return gone.length === 1;
}

/** The hourly sweep's part: challenges past their time are dead rows. */
export async function deleteExpiredChallenges(db: Db): Promise<number> {
  const gone = await db
    .delete(signInChallenges)
    .where(lt(signInChallenges.expiresAt, new Date()))
    .returning({ id: signInChallenges.id });
  return gone.length;
}
