/**
 * Reads the caller's identity from the `accessToken` cookie or an `Authorization: Bearer` header.
 * Routes opt in with `onRequest: app.requireAuth` (401 without a live session) or read
 * `request.auth` (null for anonymous callers) where signing in is optional.
 *
 * A route whose single statement checks the session itself (the watch page: one round trip
 * instead of two) says so with `config: { sessionCheckedInQuery: true }`. It gets the token's
 * verified claims in `request.sessionClaim` and no `request.auth`, so nothing in it can take an
 * unchecked session for a live one (callerId() answers 401 there); `onRequest:
 * app.requireSessionClaim` refuses callers without a valid token as requireAuth does.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../contract/limits.js';
import type { PreparedStatements } from '../db/prepared.js';
import { unauthorized } from '../errors.js';
import type { SessionCache } from './session-cache.js';
import { liveSessionExpiry, type IssuedTokens } from './sessions.js';
import { REFRESH_TOKEN_TTL_MS, verifyAccessToken } from './tokens.js';

export interface AuthContext {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Set for every request before handlers run. */
    auth: AuthContext | null;
    /**
     * A valid token's claims on a `sessionCheckedInQuery` route, whose session is not yet known
     * to be live: the route's statement must check it (sessions.ts `sessionIsLive`).
     */
    sessionClaim: AuthContext | null;
  }
  interface FastifyInstance {
    requireAuth: (request: FastifyRequest) => Promise<void>;
    requireSessionClaim: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** The route checks the caller's session inside its own statement (see above). */
    sessionCheckedInQuery?: boolean;
  }
}

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';
/** The refresh token is only needed by refresh-token and logout. */
export const REFRESH_COOKIE_PATH = '/api/v1/users';

export interface AuthPluginOptions {
  statements: PreparedStatements;
  tokenSecret: string;
  cookieSecure: boolean;
  /** Live answers of the session check kept in memory, where that is exact (session-cache.ts). */
  sessionCache?: SessionCache | undefined;
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return request.cookies[ACCESS_COOKIE];
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { statements, tokenSecret, sessionCache }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('sessionClaim', null);

    app.addHook('onRequest', async (request) => {
      request.auth = null;
      request.sessionClaim = null;
      // Only the API reads the caller: media ranges, the SPA's files and index.html carry the
      // cookie too, and must not cost a session lookup each (a player sends dozens of ranges).
      if (!request.url.startsWith(API_PREFIX)) return;
      const token = bearer(request);
      if (!token) return;
      const claims = verifyAccessToken(token, tokenSecret);
      if (!claims) return;
      if (request.routeOptions.config.sessionCheckedInQuery) {
        request.sessionClaim = { userId: claims.uid, sessionId: claims.sid };
        return;
      }
      // One indexed lookup (or its cached answer, dropped by every ending of the session):
      // logout and password changes must take effect immediately.
      if (sessionCache?.isLive(claims.sid, claims.uid)) {
        request.auth = { userId: claims.uid, sessionId: claims.sid };
        return;
      }
      const generation = sessionCache?.generation ?? 0;
      const expiresAt = await liveSessionExpiry(statements, claims.sid, claims.uid);
      if (expiresAt) {
        sessionCache?.remember(generation, claims.sid, claims.uid, expiresAt);
        request.auth = { userId: claims.uid, sessionId: claims.sid };
      }
    });

    app.decorate('requireAuth', async (request: FastifyRequest) => {
      if (!request.auth) throw unauthorized('Unauthorized request');
    });

    app.decorate('requireSessionClaim', async (request: FastifyRequest) => {
      if (!request.sessionClaim) throw unauthorized('Unauthorized request');
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

/** The signed-in user id of a route guarded by requireAuth. */
export function callerId(request: FastifyRequest): string {
  if (!request.auth) throw unauthorized('Unauthorized request');
  return request.auth.userId;
}

/** The token's claims on a `sessionCheckedInQuery` route guarded by requireSessionClaim. */
export function sessionClaimOf(request: FastifyRequest): AuthContext {
  if (!request.sessionClaim) throw unauthorized('Unauthorized request');
  return request.sessionClaim;
}

/**
 * Both cookies live as long as the refresh token. The access token inside still lapses after
 * ACCESS_TOKEN_TTL_MS (its own `exp`, checked on every request), but the browser keeps sending the
 * lapsed token, so a page's HTML, whose request never carries the refresh cookie (its path is the
 * API's), can tell a visitor (no cookie) from a session to renew (server/pages/page-session.ts).
 */
export function setAuthCookies(reply: FastifyReply, tokens: IssuedTokens, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure };
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    ...base,
    path: '/',
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base,
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
}

export function clearAuthCookies(reply: FastifyReply, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure };
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
}
