/**
 * POST /users/session: what the SPA asks once at start (issue 11). One round trip answers the
 * signed-in user, rotating the refresh cookie first when the access token has expired, or null
 * for a visitor. Before it, a visitor's first screen waited for two sequential 401s
 * (current-user, then refresh-token): the SPA cannot see httpOnly cookies, so it could not know
 * there was nothing to refresh. A visitor is not an error, so the answer is 200 with null.
 *
 * POST, because it may rotate cookies: the cross-origin check (http/security.ts) covers it like
 * every other state-changing call.
 */
import type { FastifyReply } from 'fastify';
import { Envelope } from '../../contract/common.js';
import { SessionData } from '../../contract/users.js';
import { REFRESH_COOKIE, clearAuthCookies, setAuthCookies } from '../auth/plugin.js';
import { SESSION_REUSED, refreshSession, type IssuedTokens } from '../auth/sessions.js';
import { parseRefreshToken } from '../auth/tokens.js';
import type { ServerContext } from '../context.js';
import { ok } from '../http/envelope.js';
import { isDomainError } from '../errors.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { announceSessionsEnded } from '../events/live-topics.js';
import { findUserDto } from './users.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';

/**
 * Rotates a refresh token into fresh cookies. A dead token is of no further use: both cookies
 * are dropped (so the client signs in anew) and the 401 goes on to the caller. A replayed one
 * revoked its session: that session's live streams end on every replica.
 */
export async function rotateCookies(
  ctx: ServerContext,
  reply: FastifyReply,
  refreshToken: string | undefined,
): Promise<IssuedTokens> {
  const secure = ctx.config.cookieSecure;
  try {
    const tokens = await refreshSession(ctx.db, refreshToken, ctx.config.accessTokenSecret);
    setAuthCookies(reply, tokens, secure);
    return tokens;
  } catch (error) {
    if (isDomainError(error, 'unauthorized')) clearAuthCookies(reply, secure);
    const revoked = isDomainError(error) && error.message === SESSION_REUSED;
    const sessionId = revoked && refreshToken ? parseRefreshToken(refreshToken)?.sessionId : null;
    if (sessionId) await announceSessionsEnded(ctx.events, { sessionId });
    throw error;
  }
}

/** The user id behind the request: its access token, else a rotated refresh token, else null. */
async function resumedUserId(
  ctx: ServerContext,
  reply: FastifyReply,
  auth: { userId: string } | null,
  refreshToken: string | undefined,
): Promise<string | null> {
  if (auth) return auth.userId;
  if (!refreshToken) return null;
  try {
    return (await rotateCookies(ctx, reply, refreshToken)).userId;
  } catch (error) {
    if (isDomainError(error, 'unauthorized')) return null;
    throw error;
  }
}

export default async function usersSessionRoutes(app: App, { ctx }: RouteOptions) {
  app.post(
    '/session',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user (refreshing the cookies when needed), or null: one call',
        description: `Reads the accessToken cookie, then the ${REFRESH_COOKIE} cookie.`,
        response: { 200: Envelope(SessionData), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const userId = await resumedUserId(ctx, reply, request.auth, request.cookies[REFRESH_COOKIE]);
      const user = userId
        ? await findUserDto(ctx.statements, userId, mediaUrlsOf(request, ctx))
        : null;
      // A session whose account is gone: nothing to resume, and its cookies are of no use.
      if (userId && !user) clearAuthCookies(reply, ctx.config.cookieSecure);
      return ok({ user }, user ? 'Session resumed' : 'No session');
    },
  );
}
