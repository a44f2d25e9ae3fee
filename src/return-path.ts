/**
 * Where a sign-in returns to. The header's Log in links to `/login?next=<the page and its query>`
 * and the sign-in page goes there after a successful sign-in (the spec's "/" when there is none).
 * Only a path of this site is honoured: anything that would leave it (`//host`, `/\host`, a
 * scheme, control characters the URL parser drops) goes to "/", and so does a path back to the
 * sign-in or sign-up page.
 */
export const RETURN_PARAM = 'next';

const BASE = 'http://same-site.invalid';
const NOT_RETURNED_TO = ['/login', '/signup'];

/** The safe same-site path of `next`, or "/". */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  if (NOT_RETURNED_TO.some((page) => url.pathname.toLowerCase() === page)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address from the page at `path` with query `search` (no leading "?"). */
export function loginHref(path: string, search: string): string {
  const here = search ? `${path}?${search}` : path;
  const next = safeReturnPath(here);
  if (next === '/') return '/login';
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: next }).toString()}`;
}

/** Where the sign-in page at query `search` returns to. */
export function returnPathOf(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}
