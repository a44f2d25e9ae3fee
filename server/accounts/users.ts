/**
 * Accounts: the User serializer, lookups, and the writes of account details. Media fields are
 * absolute URLs (API.md), built from the `MediaUrls` that the route makes from the request's
 * public origin.
 */
import { asc, desc, eq, ne, and, or, sql, type SQL } from 'drizzle-orm';
import { FIELD_SENTENCES, fieldMessage } from '../../contract/field-messages.js';
import type { User } from '../../contract/shapes.js';
import type { AvailabilityData } from '../../contract/users.js';
import type { Db, Tx } from '../db/client.js';
import { statementSet, type PreparedStatements } from '../db/prepared.js';
import { userTagScores, users } from '../db/schema.js';
import { conflict } from '../errors.js';
import { mediaSizes, mediaUrl, type MediaUrls } from '../media/media-urls.js';
import { toOwner } from './owner-dto.js';

/** The top tags a user carries (API.md: top 10 of their per-tag scores). */
const USER_TAG_COUNT = 10;

export type UserRow = typeof users.$inferSelect;

function toUserDto(row: UserRow, tags: readonly string[], urls: MediaUrls): User {
  return {
    ...toOwner(row, urls),
    email: row.email,
    coverImage: mediaUrl(urls, row.coverKey),
    coverImageSizes: mediaSizes(urls, row.coverKey),
    description: row.description,
    tags: tags.map((name) => ({ name })),
    createdAt: row.createdAt.toISOString(),
    emailConfirmed: row.emailConfirmedAt !== null,
    pendingEmail: row.pendingEmail,
  };
}

async function topTags(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ tag: userTagScores.tag })
    .from(userTagScores)
    .where(eq(userTagScores.userId, userId))
    .orderBy(desc(userTagScores.score), asc(userTagScores.tag))
    .limit(USER_TAG_COUNT);
  return rows.map((r) => r.tag);
}

/** GET /users/current-user runs on every page load: its two reads are prepared once. */
const currentUserStatements = statementSet((db) => ({
  row: db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('current_user_row'),
  tags: db
    .select({ tag: userTagScores.tag })
    .from(userTagScores)
    .where(eq(userTagScores.userId, sql.placeholder('userId')))
    .orderBy(desc(userTagScores.score), asc(userTagScores.tag))
    .limit(USER_TAG_COUNT)
    .prepare('current_user_tags'),
}));

/** The full User of API.md (with tags), or null when the account does not exist. */
export async function findUserDto(
  statements: PreparedStatements,
  userId: string,
  urls: MediaUrls,
): Promise<User | null> {
  const { row: rowOf, tags: tagsOf } = statements.of(currentUserStatements);
  const [[row], tags] = await Promise.all([rowOf.execute({ userId }), tagsOf.execute({ userId })]);
  if (!row) return null;
  return toUserDto(
    row,
    tags.map((r) => r.tag),
    urls,
  );
}

export async function userDtoOf(db: Db, row: UserRow, urls: MediaUrls): Promise<User> {
  return toUserDto(row, await topTags(db, row.id), urls);
}

export const TAKEN_MESSAGES = {
  userName: fieldMessage('userName', FIELD_SENTENCES.userNameTaken),
  email: fieldMessage('email', FIELD_SENTENCES.emailTaken),
} as const;
type UniqueField = keyof typeof TAKEN_MESSAGES;

/** Which of `wanted` (already lower-cased, as stored) belong to an account other than `exceptUserId`. */
async function takenFields(
  db: Db | Tx,
  wanted: { userName?: string | undefined; email?: string | undefined },
  exceptUserId?: string,
): Promise<UniqueField[]> {
  const match: SQL[] = [];
  if (wanted.userName !== undefined) match.push(eq(users.userName, wanted.userName));
  if (wanted.email !== undefined) match.push(eq(users.email, wanted.email));
  if (match.length === 0) return [];
  const rows = await db
    .select({ userName: users.userName, email: users.email })
    .from(users)
    .where(and(or(...match), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  const taken: UniqueField[] = [];
  if (rows.some((r) => r.userName === wanted.userName)) taken.push('userName');
  if (rows.some((r) => r.email === wanted.email)) taken.push('email');
  return taken;
}

/**
 * 409 when `userName` or `email` (already lower-cased, as stored) belongs to another account.
 * Both are checked so the client can show every problem at once.
 */
export async function assertAvailable(
  db: Db | Tx,
  wanted: { userName?: string; email?: string },
  exceptUserId?: string,
): Promise<void> {
  const taken = await takenFields(db, wanted, exceptUserId);
  if (taken.length > 0) throw conflict(taken.map((f) => TAKEN_MESSAGES[f]).join('; '));
}

/** POST /users/availability: "taken" or "available" for each value given, nothing more. */
export async function availabilityOf(
  db: Db,
  wanted: { userName?: string | undefined; email?: string | undefined },
): Promise<AvailabilityData> {
  const taken = await takenFields(db, wanted);
  const answer: AvailabilityData = {};
  for (const field of ['userName', 'email'] as const) {
    if (wanted[field] !== undefined) answer[field] = taken.includes(field) ? 'taken' : 'available';
  }
  return answer;
}

/**
 * Maps a unique-constraint violation on users (two requests racing past `assertAvailable`) to
 * the same 409 the check gives; anything else is rethrown untouched.
 */
export function rethrowUniqueViolation(error: unknown): never {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code !== '23505') continue;
    if (constraint === 'users_email_unique') throw conflict(TAKEN_MESSAGES.email);
    if (constraint === 'users_user_name_unique') throw conflict(TAKEN_MESSAGES.userName);
  }
  throw error;
}

export interface NewUser {
  id: string;
  fullName: string;
  userName: string;
  email: string;
  passwordHash: string;
  avatarKey: string;
  coverKey: string;
}

export async function insertUser(db: Db | Tx, values: NewUser): Promise<UserRow> {
  try {
    const [row] = await db.insert(users).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    rethrowUniqueViolation(error);
  }
}
