/**
 * Settings → Devices (issue 32): the caller's live sessions, and ending one or all the others.
 * Someone else's session id, or one already ended, is a 404 with the same message as an unknown
 * id, so an answer never confirms that an id exists.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { DEVICE_MESSAGES, type Device } from '../../contract/devices.js';
import { revokeOtherSessions } from '../auth/sessions.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { notFound } from '../errors.js';
import { describeUserAgent } from './device-description.js';

export interface Caller {
  userId: string;
  sessionId: string;
}

const live = (userId: string) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));

/** The caller's live sessions, this device first, then the most recently seen. */
export async function listDevices(db: Db, caller: Caller): Promise<Device[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      network: sessions.network,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(live(caller.userId))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  const devices = rows.map((row) => ({
    _id: row.id,
    ...describeUserAgent(row.userAgent),
    network: row.network,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastUsedAt.toISOString(),
    current: row.id === caller.sessionId,
  }));
  return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
}

/** Ends one of the caller's live sessions (this one included: that is signing out here). */
export async function signOutDevice(db: Db, caller: Caller, sessionId: string): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), live(caller.userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound(DEVICE_MESSAGES.notFound);
}

/** Ends every live session of the caller but this one; answers how many. */
export function signOutOtherDevices(db: Db, caller: Caller): Promise<number> {
  return revokeOtherSessions(db, caller.userId, caller.sessionId);
}
