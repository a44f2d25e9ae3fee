/**
 * Ending a session from its refresh token, for a logout whose access token has already expired:
 * the user pressed Logout, so the 30-day refresh token must not outlive the click. Only the
 * holder of the current secret can end a session this way.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { hashSecret, parseRefreshToken } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema.js';

export async function revokeByRefreshToken(db: Db, refreshToken: string): Promise<void> {
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
