/**
 * Checking the codes of two-step sign-in (issue 32): a TOTP code from the authenticator app
 * (SHA-1, 6 digits, 30 s, one step either side for clocks that drift) or a recovery code. Each
 * works once: an accepted TOTP code moves `last_step` to its step by a conditional update (so two
 * requests with the same code cannot both win, and no earlier code works after it), a recovery
 * code gets `used_at` the same way. otpauth compares codes in constant time; a recovery code is
 * found by its keyed hash, so the lookup's timing depends on no character of the code.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_S } from '../../contract/two-step.js';
import { randomInt } from 'node:crypto';
import type { Db, Tx } from '../db/client.js';
import { recoveryCodes, totpCredentials } from '../db/schema.js';
import { openSecret, recoveryCodeHash, type TwoStepKeys } from './two-step-keys.js';

export const TOTP_ISSUER = 'VidTube';
const WINDOW = 1;
/** No 0/o, 1/l/i: codes are read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function totpOf(secret: Secret | string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: typeof secret === 'string' ? Secret.fromBase32(secret) : secret,
  });
}

/** Digits only, or the recovery code's letters: spaces and dashes are how people copy them. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

const isTotpCode = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

/** The time step `code` belongs to under `secret` (base32), or null. */
export function stepOf(secret: string, code: string, now = Date.now()): number | null {
  if (!isTotpCode(code)) return null;
  const delta = totpOf(secret).validate({ token: code, window: WINDOW, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/**
 * Accepts a TOTP code once for `userId`'s credential (enabled or, while setting up, `pending`).
 * True when it was right and not used before.
 */
export async function spendTotpCode(
  db: Db | Tx,
  keys: TwoStepKeys,
  userId: string,
  code: string,
  { pending = false } = {},
): Promise<boolean> {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
  if (!row || (row.enabledAt === null) !== pending) return false;
  const secret = openSecret(keys, row.secretCiphertext);
  const step = secret ? stepOf(secret, normalizeCode(code)) : null;
  if (step === null) return false;
  const taken = await db
    .update(totpCredentials)
    .set({ lastStep: step, ...(pending ? { enabledAt: new Date() } : {}) })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        pending ? isNull(totpCredentials.enabledAt) : sql`${totpCredentials.enabledAt} is not null`,
        or(isNull(totpCredentials.lastStep), lt(totpCredentials.lastStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return taken.length === 1;
}

/** Uses one of `userId`'s recovery codes; true when it was theirs and unused. */
export async function spendRecoveryCode(
  db: Db | Tx,
  keys: TwoStepKeys,
  userId: string,
  code: string,
): Promise<boolean> {
  const normalized = normalizeCode(code);
  if (normalized.length !== 8) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(keys, userId, normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return used.length === 1;
}

/** A TOTP code, or when `recovery` allows, a recovery code: which one worked, or null. */
export async function spendSecondStepCode(
  db: Db | Tx,
  keys: TwoStepKeys,
  userId: string,
  code: string,
  { recovery }: { recovery: boolean },
): Promise<'totp' | 'recovery' | null> {
  if (isTotpCode(normalizeCode(code))) {
    return (await spendTotpCode(db, keys, userId, code)) ? 'totp' : null;
  }
  if (recovery && (await spendRecoveryCode(db, keys, userId, code))) return 'recovery';
  return null;
}

function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 8 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** Replaces `userId`'s recovery codes with ten new ones, answered once (only hashes are kept). */
export async function replaceRecoveryCodes(
  tx: Db | Tx,
  keys: TwoStepKeys,
  userId: string,
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(
    [...codes].map((code) => ({
      userId,
      codeHash: recoveryCodeHash(keys, userId, normalizeCode(code)),
    })),
  );
  return [...codes];
}
