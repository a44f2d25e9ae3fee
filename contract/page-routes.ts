/**
 * The SPA's page routes that code other than the router reads: the server's HTML for a page
 * (server/pages: modulepreload links and first-screen data), the build's preload list
 * (vite.config.ts), the first-screen requests (src/api/first-screen.ts) and the router itself
 * (src/app/routes.tsx). Each pattern is written here once, in wouter's syntax, and matched with the
 * library wouter matches with (regexparam): case-insensitive, with an optional trailing slash, so
 * the server, the build and the router always agree on which page a path is.
 */
import { inject, parse } from 'regexparam';

export const PAGE_ROUTES = {
  home: '/',
  search: '/search',
  watch: '/watch/:videoId',
  channel: '/Channel/:userName/:tab?',
  playlist: '/Playlist/:playListId',
} as const;

export type PageRoute = (typeof PAGE_ROUTES)[keyof typeof PAGE_ROUTES];

export interface PageMatch {
  route: PageRoute;
  /** The path's segments by parameter name, as they stand in the path (not decoded). */
  params: Record<string, string>;
}

/** The expression a route pattern (wouter's syntax) matches paths with. */
export const routePattern = (route: string): RegExp => parse(route).pattern;

const compiled = Object.values(PAGE_ROUTES).map((route) => ({ route, ...parse(route) }));

/** The page of PAGE_ROUTES that `pathname` shows, or null for any other path. */
export function pageOf(pathname: string): PageMatch | null {
  for (const { route, keys, pattern } of compiled) {
    const match = pattern.exec(pathname);
    if (match) {
      return { route, params: Object.fromEntries(keys.map((key, i) => [key, match[i + 1] ?? ''])) };
    }
  }
  return null;
}

/**
 * The home feed's tag in a URL's query (`?tag=Music` → 'music', compared lower-case as the API
 * does); null for All. The chosen chip lives in the URL (issue 22).
 */
export function feedTagOf(search: string): string | null {
  return new URLSearchParams(search).get('tag')?.trim().toLowerCase() || null;
}

/** The path of a video's watch page. */
export const watchPath = (videoId: string): string =>
  inject(PAGE_ROUTES.watch, { videoId: encodeURIComponent(videoId) });
