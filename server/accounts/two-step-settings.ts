/**
 * Settings → Two-step sign-in (issue 32): status, setting up (a new secret, shown once), turning
 * it on with a first code (which answers ten recovery codes, shown once), new recovery codes
 * (asks for an authenticator code), turning it off (asks for a code or a recovery code).
 * A wrong code is a 400 on the `code` field: the caller is signed in, and a 401 would read as a
 * lost session to the client.
 */
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import { Secret } from 'otpauth';
import {
  TWO_STEP_MESSAGES,
  type TwoStepSetup,
  type TwoStepStatus,
} from '../../contract/two-step.js';
import type { Db } from '../db/client.js';
import { recoveryCodes, totpCredentials, users } from '../db/schema.js';
import { conflict, fieldRefusal, unauthorized } from '../errors.js';
import {
  replaceRecoveryCodes,
  totpOf,
  spendSecondStepCode,
  spendTotpCode,
} from './two-step-codes.js';
import { sealSecret, type TwoStepKeys } from './two-step-keys.js';

const wrongCode = () => fieldRefusal('invalid', 'code', TWO_STEP_MESSAGES.wrongCode);

async function isEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.enabledAt)));
  return !!row;
}

export async function twoStepStatus(db: Db, userId: string): Promise<TwoStepStatus> {
  const enabled = await isEnabled(db, userId);
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0 };
}

/** A new secret for the authenticator app (replacing an unconfirmed one); 409 when already on. */
export async function beginSetup(db: Db, keys: TwoStepKeys, userId: string): Promise<TwoStepSetup> {
  if (await isEnabled(db, userId)) throw conflict(TWO_STEP_MESSAGES.alreadyOn);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  const secret = new Secret({ size: 20 });
  const secretCiphertext = sealSecret(keys, secret.base32);
  await db
    .insert(totpCredentials)
    .values({ userId, secretCiphertext })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secretCiphertext, lastStep: null, enabledAt: null },
    });
  const otpauthUrl = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2 });
  return {
    secret: secret.base32,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The first right code turns two-step sign-in on; answers the recovery codes. */
export async function enableTwoStep(
  db: Db,
  keys: TwoStepKeys,
  userId: string,
  code: string,
): Promise<string[]> {
  if (await isEnabled(db, userId)) throw conflict(TWO_STEP_MESSAGES.alreadyOn);
  const [pending] = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, userId));
  if (!pending) throw conflict(TWO_STEP_MESSAGES.noSetup);
  return db.transaction(async (tx) => {
    if (!(await spendTotpCode(tx, keys, userId, code, { pending: true }))) throw wrongCode();
    return replaceRecoveryCodes(tx, keys, userId);
  });
}

/** Ten new recovery codes (the old ones stop working); asks for an authenticator code. */
export async function renewRecoveryCodes(
  db: Db,
  keys: TwoStepKeys,
  userId: string,
  code: string,
): Promise<string[]> {
  if (!(await isEnabled(db, userId))) throw conflict(TWO_STEP_MESSAGES.notOn);
  return db.transaction(async (tx) => {
    if (!(await spendTotpCode(tx, keys, userId, code))) throw wrongCode();
    return replaceRecoveryCodes(tx, keys, userId);
  });
}

/** Turns two-step sign-in off: the secret and the recovery codes go. */
export async function disableTwoStep(
  db: Db,
  keys: TwoStepKeys,
  userId: string,
  code: string,
): Promise<void> {
  if (!(await isEnabled(db, userId))) throw conflict(TWO_STEP_MESSAGES.notOn);
  await db.transaction(async (tx) => {
    if (!(await spendSecondStepCode(tx, keys, userId, code, { recovery: true }))) throw wrongCode();
    await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}
