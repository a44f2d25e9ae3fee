/**
 * Sessions live in the database so that any replica can check them and logout or a password change
 * takes effect at once. Refresh tokens rotate on every use; a replayed old one revokes the session.
 * The rules of logout and refresh live here too; the routes only handle cookies.
 */
import { and, eq, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { statementSet, type PreparedStatements } from '../db/prepared.js';
import { sessions } from '../db/schema.js';
import { unauthorized } from '../errors.js';
import {
  ACCESS_TOKEN_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  hashSecret,
  newRefreshSecret,
  parseRefreshToken,
  signAccessToken,
} from './tokens.js';

/** The refusal of a replayed refresh token, whose session it revoked (routes announce the end). */
export const SESSION_REUSED = 'Refresh token reused; session revoked';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  userId: string;
}

function issue(
  userId: string,
  sessionId: string,
  secret: string,
  tokenSecret: string,
): IssuedTokens {
  const accessToken = signAccessToken(
    { uid: userId, sid: sessionId, exp: Date.now() + ACCESS_TOKEN_TTL_MS },
    tokenSecret,
  );
  return { accessToken, refreshToken: `${sessionId}.${secret}`, sessionId, userId };
}

/**
 * `device`: what sign-in saw (the User-Agent and the address's network, accounts/
 * device-description.ts), shown in Settings → Devices; absent, both are ''.
 */
export async function createSession(
  db: Db,
  userId: string,
  tokenSecret: string,
  device: { userAgent: string; network: string } = { userAgent: '', network: '' },
): Promise<IssuedTokens> {
  const id = newId();
  const secret = newRefreshSecret();
  await db.insert(sessions).values({
    id,
    userId,
    refreshHash: hashSecret(secret),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    userAgent: device.userAgent,
    network: device.network,
  });
  return issue(userId, id, secret, tokenSecret);
}

/** Rotates a refresh token. Unknown, expired, revoked or replayed tokens are a 401. */
async function rotateSession(
  db: Db,
  refreshToken: string,
  tokenSecret: string,
): Promise<IssuedTokens> {
  const parsed = parseRefreshToken(refreshToken);
  if (!parsed) throw unauthorized('Invalid refresh token');
  const [session] = await db.select().from(sessions).where(eq(sessions.id, parsed.sessionId));
  if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) {
    throw unauthorized('Refresh token expired or revoked');
  }
  if (session.refreshHash !== hashSecret(parsed.secret)) {
    // An old token came back: someone holds a copy. End the session for everyone.
    await revokeSession(db, session.id);
    throw unauthorized(SESSION_REUSED);
  }
  const secret = newRefreshSecret();
  // Compare-and-set on the old hash, so two concurrent refreshes cannot both win.
  const rotated = await db
    .update(sessions)
    .set({
      refreshHash: hashSecret(secret),
      lastUsedAt: new Date(),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    })
    .where(and(eq(sessions.id, session.id), eq(sessions.refreshHash, session.refreshHash)))
    .returning({ id: sessions.id });
  if (rotated.length === 0) {
    await revokeSession(db, session.id);
    throw unauthorized(SESSION_REUSED);
  }
  return issue(session.userId, session.id, secret, tokenSecret);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Revokes every session of the user except `keepSessionId` (a password change, Settings →
 * Devices "Sign out all other devices"); answers how many were still open.
 */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Revokes every session of the user (a password reset from a mailed link). */
export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * True when the session exists, belongs to the user and is neither revoked nor expired. Every
 * signed-in API request asks it, so it is prepared once per database.
 */
const sessionStatements = statementSet((db) => ({
  lookup: db
    .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('session_lookup'),
}));

export async function isSessionActive(
  statements: PreparedStatements,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  return (await liveSessionExpiry(statements, sessionId, userId)) !== null;
}

/** When the session expires if it is live now (isSessionActive), else null. */
export async function liveSessionExpiry(
  statements: PreparedStatements,
  sessionId: string,
  userId: string,
): Promise<Date | null> {
  const [row] = await statements.of(sessionStatements).lookup.execute({ sessionId, userId });
  return row && !row.revokedAt && row.expiresAt.getTime() > Date.now() ? row.expiresAt : null;
}

/**
 * Ends a session from its refresh token, for a logout whose access token has already expired:
 * the user pressed Logout, so the 30-day refresh token must not outlive the click. Only the
 * holder of the current secret can end a session this way.
 */
async function revokeByRefreshToken(db: Db, refreshToken: string): Promise<void> {
  const parsed = parseRefreshToken(refreshToken);
  if (!parsed) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.id, parsed.sessionId),
        eq(sessions.refreshHash, hashSecret(parsed.secret)),
        isNull(sessions.revokedAt),
      ),
    );
}

/**
 * Logout. An expired access token still lets the refresh token end its session (then the answer
 * is 401, as for any call without a live access token): pressing Logout must never leave a live
 * session behind.
 */
export async function endSession(
  db: Db,
  auth: { sessionId: string } | null,
  refreshToken: string | undefined,
): Promise<void> {
  if (auth) return revokeSession(db, auth.sessionId);
  if (refreshToken) await revokeByRefreshToken(db, refreshToken);
  throw unauthorized();
}

/**
 * The refresh token of a refresh call: the cookie, or for non-browser clients a `refreshToken`
 * body field (no body schema on that route: the usual call has no body at all).
 */
export function refreshTokenOf(cookie: string | undefined, body: unknown): string | undefined {
  if (cookie) return cookie;
  if (!body || typeof body !== 'object') return undefined;
  const token = (body as Record<string, unknown>).refreshToken;
  return typeof token === 'string' && token.length <= 512 ? token : undefined;
}

/** Refresh: new tokens for a live refresh token; 401 when it is missing or dead. */
export async function refreshSession(
  db: Db,
  refreshToken: string | undefined,
  tokenSecret: string,
): Promise<IssuedTokens> {
  if (!refreshToken) throw unauthorized('Refresh token is required');
  return rotateSession(db, refreshToken, tokenSecret);
}

/**
 * The same condition as isSessionActive, as SQL for a route that checks the caller's session
 * inside its own statement (auth/plugin.ts `sessionCheckedInQuery`). Expiry is judged by the
 * database's clock here, by the server's in isSessionActive; both are the same host's or NTP's.
 */
export function sessionIsLive(
  sessionId: SQL | Placeholder<string>,
  userId: SQL | Placeholder<string>,
): SQL {
  return sql`exists (select 1 from ${sessions}
    where ${sessions.id} = ${sessionId} and ${sessions.userId} = ${userId}
      and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`;
}
