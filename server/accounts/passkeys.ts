/**
 * The passkeys of an account (table passkeys): list, add, rename, remove, and the use that a
 * sign-in records. Every write names the owner in its WHERE, so another account's passkey id
 * behaves as an unknown one (404), never as a refusal that tells it exists.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { PASSKEY_LIMIT, PASSKEY_MESSAGES, type Passkey } from '../../contract/passkeys.js';
import type { Db, Tx } from '../db/client.js';
import { passkeys } from '../db/schema.js';
import { conflict, invalid, notFound } from '../errors.js';

export type PasskeyRow = typeof passkeys.$inferSelect;

export function toPasskeyDto(row: PasskeyRow): Passkey {
  return {
    _id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}

export async function listPasskeys(db: Db | Tx, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Refuses a new passkey past PASSKEY_LIMIT (409, the limit named). */
export async function assertRoomForPasskey(db: Db | Tx, userId: string): Promise<void> {
  if ((await countPasskeys(db, userId)) >= PASSKEY_LIMIT) throw conflict(PASSKEY_MESSAGES.tooMany);
}

export async function findPasskey(db: Db | Tx, id: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return row ?? null;
}

export interface NewPasskey {
  id: string;
  userId: string;
  name: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  backedUp: boolean;
}

/** Stores a verified credential; the same credential twice is a 409. */
export async function insertPasskey(db: Db, input: NewPasskey): Promise<PasskeyRow> {
  const rows = await db
    .insert(passkeys)
    .values({ ...input, publicKey: Buffer.from(input.publicKey) })
    .onConflictDoNothing({ target: passkeys.id })
    .returning();
  if (!rows[0]) throw conflict(PASSKEY_MESSAGES.alreadyAdded);
  return rows[0];
}

/** The name after trimming, 1…PASSKEY_NAME_MAX characters. */
export function cleanPasskeyName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length === 0) throw invalid(PASSKEY_MESSAGES.nameRule);
  return trimmed;
}

export async function renamePasskey(
  db: Db,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow> {
  const [row] = await db
    .update(passkeys)
    .set({ name: cleanPasskeyName(name) })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  return row;
}

export async function removePasskey(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (gone.length === 0) throw notFound(PASSKEY_MESSAGES.notFound);
}

/** A sign-in with the passkey: its new signature counter, backup state and when. */
export async function recordPasskeyUse(
  db: Db,
  id: string,
  use: { counter: number; backedUp: boolean },
): Promise<void> {
  await db
    .update(passkeys)
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: new Date() })
    .where(eq(passkeys.id, id));
}
