/**
 * Who a page's HTML is built for (issue 35): the session travels in the HTML, so the SPA's first
 * paint waits for no session request (src/api/first-screen.ts reads it; the session machine
 * starts from it). The answer is `POST /users/session`'s, read from the `accessToken` cookie alone
 * (the refresh cookie's path is the API's, so a page request never carries it):
 * - no cookie, or one that is not ours (bad signature), or a session that ended: nobody;
 * - a live token of a live session: its user, the same fields the session call answers;
 * - a lapsed token of a live session: `resume`. Only the session call can renew it (it rotates
 *   the refresh cookie), so the SPA asks it as before. The access cookie lives as long as the
 *   refresh token for this (server/auth/plugin.ts setAuthCookies).
 * A page that names a user is the caller's alone: http/static.ts sends it `private, no-store`.
 */
import type { FirstSession } from '../../contract/first-screen.js';
import { FIRST_SESSION_ELEMENT_ID } from '../../contract/first-screen.js';
import { jsonForHtml } from '../../contract/markup.js';
import { ACCESS_COOKIE } from '../auth/plugin.js';
import { isSessionActive } from '../auth/sessions.js';
import { verifyAccessToken } from '../auth/tokens.js';
import type { MediaUrls } from '../media/media-urls.js';
import type { PageContext } from './page-context.js';
import type { PageReaders } from './page-readers.js';

const NOBODY: FirstSession = { user: null };

/** The session a page request shows (see above). */
export async function pageSession(
  ctx: PageContext,
  findUser: PageReaders['findUser'],
  cookies: Record<string, string | undefined>,
  urls: MediaUrls,
): Promise<FirstSession> {
  const token = cookies[ACCESS_COOKIE];
  if (!token) return NOBODY;
  // Signature and claims at any age (now = 0); whether it has lapsed is asked separately.
  const claims = verifyAccessToken(token, ctx.config.accessTokenSecret, 0);
  if (!claims) return NOBODY;
  const lapsed = claims.exp <= Date.now();
  const [active, user] = await Promise.all([
    isSessionActive(ctx.statements, claims.sid, claims.uid),
    lapsed ? null : findUser(claims.uid, urls),
  ]);
  if (!active) return NOBODY;
  if (lapsed) return { user: null, resume: true };
  return user ? { user } : NOBODY;
}

/** The session's data block for the page's head. */
export const sessionHead = (session: FirstSession): string =>
  `    <script type="application/json" id="${FIRST_SESSION_ELEMENT_ID}">${jsonForHtml(JSON.stringify(session))}</script>\n`;

/**
 * True for a signed-in caller or a session to renew: the page is then the caller's alone (no
 * cache may share it), and pages for signed-in users are worth preparing.
 */
export const hasSession = (session: FirstSession): boolean =>
  session.user !== null || 'resume' in session;

/**
 * The session a page request carries, when its access token is live: who asks and through which
 * session, for a page rendered from the caller's own data (the watch page, server-render.ts). The
 * session's liveness is the reader's to check (the watch statement checks it itself).
 */
export function pageViewer(
  ctx: PageContext,
  cookies: Record<string, string | undefined>,
): { userId: string; sessionId: string } | null {
  const token = cookies[ACCESS_COOKIE];
  const claims = token ? verifyAccessToken(token, ctx.config.accessTokenSecret) : null;
  return claims ? { userId: claims.uid, sessionId: claims.sid } : null;
}
