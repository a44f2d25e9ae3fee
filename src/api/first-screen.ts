/**
 * The first screen's requests, started by main.tsx before React renders and while the route's
 * chunk is still loading, then handed to the actor that asks for the same thing. On `/` the feed's
 * first page usually came with the HTML, so that one is no request at all. Without this the
 * feed (or the watched video) was only asked for once the page's chunk had arrived and rendered:
 * an idle network between the chunk and the data (issue 11).
 *
 * The session call goes first: it holds the client's refresh slot, so a data call that meets a
 * 401 meanwhile waits for it rather than rotating the same refresh token twice (client.ts).
 */
import { FIRST_FEED_ELEMENT_ID } from '../../contract/first-screen';
import { PAGE_SIZE } from '../../contract/limits';
import { PAGE_ROUTES, pageOf } from '../../contract/page-routes';
import type { User } from '../../contract/shapes';
import type { VideoList } from '../../contract/videos';
import { resumeSession } from './client';
import { getVideo, listVideos } from './videos';

/** An early answer older than this is not handed out: the page was long since left. */
const FRESH_MS = 10_000;

export const FEED_KEY = 'feed';
export const videoKey = (videoId: string) => `video:${videoId}`;

const started = new Map<string, Promise<unknown>>();
let startedAt = 0;

function start(key: string, call: Promise<unknown>): void {
  // Nobody may take it (a visitor's /watch answers 401): a failure must not be "unhandled".
  call.catch(() => undefined);
  started.set(key, call);
}

/** Asks for what the screen at `pathname` needs first; main.tsx calls it once, at start. */
export function startFirstScreen(pathname: string): void {
  startedAt = performance.now();
  start('session', resumeSession<User>());
  const page = pageOf(pathname);
  if (page?.route === PAGE_ROUTES.home)
    start(FEED_KEY, embeddedFeed() ?? listVideos({ page: 1, limit: PAGE_SIZE.homeFeed }));
  const watched = page?.route === PAGE_ROUTES.watch ? decoded(page.params.videoId) : null;
  if (watched) start(videoKey(watched), getVideo(watched));
}

/**
 * The feed's first page as the HTML of `/` carries it (server/pages/first-screen-html.ts): no
 * request at all. Null when the HTML came without it (the server did not get it in time).
 */
function embeddedFeed(): Promise<VideoList> | null {
  const element = document.getElementById(FIRST_FEED_ELEMENT_ID);
  element?.remove();
  try {
    const envelope = JSON.parse(element?.textContent ?? 'null') as { data: VideoList } | null;
    return envelope ? Promise.resolve(envelope.data) : null;
  } catch {
    return null; // unreadable: ask the API, as without it
  }
}

function decoded(segment: string | undefined): string | null {
  try {
    return segment ? decodeURIComponent(segment) : null;
  } catch {
    return null; // a broken escape: the page will say the video is not found
  }
}

/** The early request for `key` (handed out once, while fresh), else `call()`. */
export function takeFirstScreen<T>(key: string, call: () => Promise<T>): Promise<T> {
  const early = started.get(key);
  started.delete(key);
  return early && performance.now() - startedAt < FRESH_MS ? (early as Promise<T>) : call();
}
