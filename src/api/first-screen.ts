/**
 * The first screen's requests, started by main.tsx before React renders and while the route's
 * chunk is still loading, then handed to the actor that asks for the same thing. On `/` the feed's
 * first page usually came with the HTML, so that one is no request at all. Without this the
 * feed (or the watched video) was only asked for once the page's chunk had arrived and rendered:
 * an idle network between the chunk and the data (issue 11).
 *
 * The session usually comes with the HTML too (issue 35, server/pages/page-session.ts): who is
 * signed in, or nobody, and then there is no session call at all; the session machine starts from
 * it (src/session.tsx). Only when the HTML says the access token has lapsed (or says nothing) is
 * the session asked for, and that call goes first: it holds the client's refresh slot, so a data
 * call that meets a 401 meanwhile waits for it rather than rotating the same refresh token twice
 * (client.ts).
 */
import {
  FIRST_FEED_ELEMENT_ID,
  FIRST_SESSION_ELEMENT_ID,
  FIRST_STATE_ELEMENT_ID,
  type FirstScreenState,
  type FirstSession,
} from '../../contract/first-screen';
import { PAGE_SIZE } from '../../contract/limits';
import { feedTagOf, PAGE_ROUTES, pageOf } from '../../contract/page-routes';
import type { User } from '../../contract/shapes';
import type { VideoList } from '../../contract/videos';
import { ApiError, resumeSession } from './client';
import { getVideo, listVideos } from './videos';
import { takeWatchSource } from './watch-source';

/** An early answer older than this is not handed out: the page was long since left. */
const FRESH_MS = 10_000;

export const FEED_KEY = 'feed';
export const videoKey = (videoId: string) => `video:${videoId}`;

const started = new Map<string, Promise<unknown>>();
let startedAt = 0;
/** Who the HTML said is signed in, when it could tell; undefined when the session is asked. */
let inlinedSession: { user: User | null } | undefined;
/** What the server rendered the first screen from, when it did (issue 35). */
let renderedState: FirstScreenState | undefined;

function start(key: string, call: Promise<unknown>): void {
  // Nobody may take it (a visitor's /watch answers 401): a failure must not be "unhandled".
  call.catch(() => undefined);
  started.set(key, call);
}

/**
 * Asks for what the screen at `pathname` (with its `search`) needs first; main.tsx calls it once,
 * at start. A feed filtered by a tag (`/?tag=music`) is left to the page: its first page is not
 * the one the HTML carries.
 */
export function startFirstScreen(pathname: string, search = ''): void {
  startedAt = performance.now();
  inlinedSession = embeddedSession();
  renderedState = embeddedState();
  if (!inlinedSession) start('session', resumeSession<User>());
  const page = pageOf(pathname);
  // A server-rendered home page holds its feed already (in its snapshots): nothing to ask.
  if (page?.route === PAGE_ROUTES.home && !feedTagOf(search) && !renderedState)
    start(FEED_KEY, embeddedFeed() ?? listVideos({ page: 1, limit: PAGE_SIZE.homeFeed }));
  const watched = page?.route === PAGE_ROUTES.watch ? decoded(page.params.videoId) : null;
  // The watch page is for signed-in users: for a visitor the HTML named, the call would only be
  // refused (and then try a refresh that cannot work); the page asks once signed in. A page the
  // server rendered was watched there (counted, in history): this load's watch is spent.
  if (watched && renderedState) takeWatchSource(watched);
  else if (watched && inlinedSession?.user !== null) start(videoKey(watched), getVideo(watched));
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

/**
 * The session as the HTML carries it, when it is an answer: the user, or null for nobody.
 * Undefined when the HTML came without it or says the access token has lapsed (`resume`): only
 * the session call can renew that.
 */
function embeddedSession(): { user: User | null } | undefined {
  const element = document.getElementById(FIRST_SESSION_ELEMENT_ID);
  element?.remove();
  try {
    const session = JSON.parse(element?.textContent ?? 'null') as FirstSession | null;
    if (!session || 'resume' in session) return undefined;
    return { user: session.user ?? null };
  } catch {
    return undefined; // unreadable: ask, as without it
  }
}

/**
 * The state a server-rendered page was rendered from (server/pages/server-render.ts), undefined
 * for a page the server did not render or an unreadable block.
 */
function embeddedState(): FirstScreenState | undefined {
  const element = document.getElementById(FIRST_STATE_ELEMENT_ID);
  element?.remove();
  try {
    const state = JSON.parse(element?.textContent ?? 'null') as FirstScreenState | null;
    return state && typeof state.renderedAt === 'number' ? state : undefined;
  } catch {
    return undefined;
  }
}

/** The server-rendered page's state, for hydration (src/app/main.tsx). */
export function firstScreenState(): FirstScreenState | undefined {
  return renderedState;
}

/** Who the HTML said is signed in, for the session machine to start from (src/app/main.tsx). */
export function firstScreenSession(): { user: User | null } | undefined {
  return inlinedSession;
}

function decoded(segment: string | undefined): string | null {
  try {
    return segment ? decodeURIComponent(segment) : null;
  } catch {
    return null; // a broken escape: the page will say the video is not found
  }
}

/**
 * The early request for `key` (handed out once, while fresh), else `call()`. An early answer
 * refused with 401 was asked by a signed-out visitor (a shared /watch link opened cold): whoever
 * takes it has signed in since, through the guard's popup, so it is asked again (issue 22).
 */
export function takeFirstScreen<T>(key: string, call: () => Promise<T>): Promise<T> {
  const early = started.get(key);
  started.delete(key);
  if (!early || performance.now() - startedAt >= FRESH_MS) return call();
  return (early as Promise<T>).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return call();
    throw error;
  });
}
