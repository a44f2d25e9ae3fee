/**
 * The HTML of `/` carries the home feed's first page (server/pages/first-screen-html.ts), as the
 * API answers `GET /videos?page=1` to a visitor, in a `<script type="application/json">` element
 * of this id; the SPA reads it instead of asking (src/api/first-screen.ts).
 */
export const FIRST_FEED_ELEMENT_ID = 'first-feed';
