/**
 * What the HTML of a page carries for the SPA's first screen (server/pages/first-screen-html.ts,
 * page-session.ts), each in a `<script type="application/json">` element, which never runs; the
 * SPA reads them instead of asking (src/api/first-screen.ts).
 */
import type { User } from './shapes';

/** The home feed's first page on `/`, as the API answers `GET /videos?page=1` to a visitor. */
export const FIRST_FEED_ELEMENT_ID = 'first-feed';

/** Who the page was built for, on every page (issue 35): the session answer without its request. */
export const FIRST_SESSION_ELEMENT_ID = 'first-session';

/**
 * The session as the HTML carries it: the signed-in user (the fields `POST /users/session`
 * answers), `null` for nobody, or `resume` when only the session call can tell: the access token
 * has lapsed and the refresh token, whose cookie the page request does not carry (its path is the
 * API's), may renew it.
 */
export type FirstSession = { user: User } | { user: null; resume?: true };

/**
 * The server-rendered first screen's state (issue 35, server/pages/server-render.ts): the persisted
 * snapshots of the page's remembered actors (src/remembered-place.ts slots, e.g. `home-feed`),
 * which the HTML was rendered from, and the clock it was rendered at (relative dates). The SPA
 * hydrates from exactly these, so its first render is the server's.
 */
export const FIRST_STATE_ELEMENT_ID = 'first-state';

export interface FirstScreenState {
  snapshots: Record<string, unknown>;
  /** Date.now() on the server when the HTML was rendered. */
  renderedAt: number;
}

/** The attribute `#root` carries when its content was rendered on the server: hydrate it. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
