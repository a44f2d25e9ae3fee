/**
 * Test users without depending on the accounts routes: a user row and a live session made with the
 * real session code, and the cookie a browser would send.
 */
import { randomBytes } from 'node:crypto';
import { createSession } from '../../server/auth/sessions.js';
import { newId } from '../../server/db/ids.js';
import { users } from '../../server/db/schema.js';
import type { TestApp } from './helpers.js';

export interface TestUser {
  id: string;
  userName: string;
  cookie: string;
  headers: { cookie: string };
}

export async function createUser(t: TestApp, name?: string, fullName?: string): Promise<TestUser> {
  const id = newId();
  const userName = name ?? `user_${randomBytes(4).toString('hex')}`;
  await t.ctx.db.insert(users).values({
    id,
    userName,
    email: `${userName}@example.com`,
    fullName: fullName ?? `Full ${userName}`,
    // Never verified in these tests: sessions are created directly.
    passwordHash: 'not-a-real-hash',
    avatarKey: 'defaults/avatar-1.webp',
    coverKey: 'defaults/cover-1.webp',
  });
  const tokens = await createSession(t.ctx.db, id, t.ctx.config.accessTokenSecret);
  const cookie = `accessToken=${tokens.accessToken}`;
  return { id, userName, cookie, headers: { cookie } };
}
