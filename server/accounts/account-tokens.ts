/**
 * The single-use tokens of mailed links (table account_tokens): one row per account and purpose,
 * so issuing a new token replaces the older one and only the newest link works. The raw token is
 * 32 random bytes in base64url; only its SHA-256 is stored, so a database dump opens nothing. A
 * token is used by deleting its row (a conditional delete: two concurrent uses cannot both win).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { hashSecret } from '../auth/tokens.js';
import type { Db, Tx } from '../db/client.js';
import { accountTokens } from '../db/schema.js';

export type TokenPurpose = 'password-reset' | 'email-confirm';

export interface TokenRow {
  userId: string;
  /** The address the link was mailed to (for a confirmation, the address it confirms). */
  email: string;
}

/** A new token for the account, replacing its older one of the same purpose; returns the raw token. */
export async function issueToken(
  db: Db | Tx,
  input: { userId: string; purpose: TokenPurpose; email: string; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const values = {
    tokenHash: hashSecret(token),
    email: input.email,
    expiresAt: new Date(Date.now() + input.ttlMs),
    createdAt: new Date(),
  };
  await db
    .insert(accountTokens)
    .values({ userId: input.userId, purpose: input.purpose, ...values })
    .onConflictDoUpdate({ target: [accountTokens.userId, accountTokens.purpose], set: values });
  return token;
}

const live = (purpose: TokenPurpose, token: string) =>
  and(
    eq(accountTokens.tokenHash, hashSecret(token)),
    eq(accountTokens.purpose, purpose),
    gt(accountTokens.expiresAt, sql`now()`),
  );

/** The live token's account and address, or null (unknown, forged, expired, used, replaced). */
export async function openToken(
  db: Db | Tx,
  purpose: TokenPurpose,
  token: string,
): Promise<TokenRow | null> {
  const [row] = await db
    .select({ userId: accountTokens.userId, email: accountTokens.email })
    .from(accountTokens)
    .where(live(purpose, token));
  return row ?? null;
}

/** Uses the token (its row goes); null when it was not live, then nothing changed. */
export async function consumeToken(
  tx: Db | Tx,
  purpose: TokenPurpose,
  token: string,
): Promise<TokenRow | null> {
  const [row] = await tx
    .delete(accountTokens)
    .where(live(purpose, token))
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row ?? null;
}

/** Expired rows (a link nobody opened): the maintenance pass removes them. */
export async function deleteExpiredTokens(db: Db): Promise<void> {
  await db.delete(accountTokens).where(sql`${accountTokens.expiresAt} <= now()`);
}
