/**
 * The end of every way of signing in (the three fields, the second step, a passkey): a new
 * session on this request (with the device it was opened on: Settings → Devices), its cookies,
 * and the user as login answers it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginData } from '../../contract/users.js';
import { setAuthCookies } from '../auth/plugin.js';
import { createSession } from '../auth/sessions.js';
import type { ServerContext } from '../context.js';
import { mediaUrlsOf } from '../http/route-helpers.js';
import { signInDevice } from './device-description.js';
import { userDtoOf, type UserRow } from './users.js';

type SignInContext = Pick<ServerContext, 'db' | 'config' | 'storage'>;

/** Opens a session for `row` on this request, sets its cookies and answers login's data. */
export async function completeSignIn(
  ctx: SignInContext,
  request: FastifyRequest,
  reply: FastifyReply,
  row: UserRow,
): Promise<LoginData> {
  const device = signInDevice(request.headers['user-agent'], request.ip);
  const tokens = await createSession(ctx.db, row.id, ctx.config.accessTokenSecret, device);
  setAuthCookies(reply, tokens, ctx.config.cookieSecure);
  const user = await userDtoOf(ctx.db, row, mediaUrlsOf(request, ctx));
  return { user };
}
