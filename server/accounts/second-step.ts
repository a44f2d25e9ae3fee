/**
 * The fork after a right password (issue 32): an account with two-step sign-in on gets a ticket
 * for the second step (contract/second-step.ts) instead of a session.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  SECOND_STEP_TTL_MS,
  type SecondStepMethod,
  type SecondStepRequired,
} from '../../contract/second-step.js';
import type { Db } from '../db/client.js';
import { passkeys, totpCredentials } from '../db/schema.js';
import { startChallenge } from './sign-in-challenges.js';
import type { UserRow } from './users.js';

/** The ways `userId` can take a second step; empty when two-step sign-in is off. */
export async function secondStepMethods(db: Db, userId: string): Promise<SecondStepMethod[]> {
  const [totp] = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.enabledAt)));
  if (!totp) return [];
  const [passkey] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return passkey ? ['totp', 'recovery', 'passkey'] : ['totp', 'recovery'];
}

/** The second step still to take after a right password, or null to sign in now. */
export async function secondStepOf(db: Db, row: UserRow): Promise<SecondStepRequired | null> {
  const methods = await secondStepMethods(db, row.id);
  if (methods.length === 0) return null;
  const { ticket } = await startChallenge(db, {
    purpose: 'second-step',
    userId: row.id,
    ttlMs: SECOND_STEP_TTL_MS,
  });
  return { secondStep: { ticket, methods } };
}
