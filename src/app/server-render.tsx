/**
 * The SPA's first screen rendered on the server (issue 35). Built apart from the browser's bundle
 * (`vite build --ssr`, dist/server-render) and run by the server's page renderer
 * (server/pages/server-render.ts), which hands it the data it reads itself (the feed's first
 * page, the popular tags, who is signed in) and puts the result into the page's HTML:
 * - the markup of the whole app at that address, with React's server renderer; styled-components'
 *   server style sheet collects the CSS the markup needs, so it paints before any script runs;
 * - the state it was rendered from (FirstScreenState): the persisted snapshots of the page's
 *   remembered actors, made by running the page's own machines over the given data, and the
 *   clock. The browser hydrates from exactly those (src/app/main.tsx), so its first render is
 *   this one and the machines go on from where these stopped.
 */
import { prerender } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FirstScreenState, FirstSession } from '../../contract/first-screen';
import type { VideoList } from '../../contract/videos';
import { feedMachine, POPULAR_TAGS_FOR_CHIPS } from '../../machines/feed.machine';
import { selectIsLoadingFirst, type Page, type PageRequest } from '../../machines/pager.machine';
import { withPager } from '../pager-logic';
import { App } from './app';
import { preloadFirstPage } from './routes';

/** What the home page's first screen is rendered from: public data, as the API answers it. */
export interface HomeData {
  feed: VideoList;
  popularTags: string[];
}

export { POPULAR_TAGS_FOR_CHIPS };

/** Renders of one screen before giving up on one where nothing suspends (see renderScreen). */
const MAX_RENDERS = 3;

/** The remembered slot the home page keeps its feed under (src/pages/home-page.tsx). */
const HOME_FEED_SLOT = 'home-feed';

/**
 * The home feed's snapshot: the feed machine with the page's own input, run over the data until
 * both of its first loads (the grid's page, the chips' popular tags) are done.
 */
async function homeSnapshots(data: HomeData, session: FirstSession) {
  const tags = session.user?.tags.map((tag) => tag.name) ?? [];
  const logic = withPager(
    feedMachine,
    fromPromise<Page, PageRequest>(() =>
      Promise.resolve({ items: data.feed.videos, total: data.feed.totalVideos }),
    ),
    { fetchPopularTags: fromPromise(() => Promise.resolve(data.popularTags)) },
  );
  const feed = createActor(logic, { input: { tags, activeTag: null } }).start();
  // What the page sends once the session is known (home-page.tsx).
  feed.send({ type: 'TAGS_CHANGED', tags });
  await waitFor(feed, (s) => !s.matches({ popularTags: 'loading' }));
  await waitFor(feed.getSnapshot().children.pager!, (s) => !selectIsLoadingFirst(s));
  const snapshot = feed.getPersistedSnapshot();
  feed.stop();
  return { [HOME_FEED_SLOT]: snapshot };
}

export interface RenderRequest {
  /** The address, with its query (`/`, `/search?query=…`). */
  url: string;
  session: FirstSession;
  /** The home page's data; the other routes render their shell only for now. */
  home?: HomeData;
}

export interface RenderedScreen {
  /** The app's markup, for `<div id="root">`. */
  html: string;
  /** `<style>` elements with the CSS of that markup, for the head. */
  styles: string;
  /** What the browser hydrates from (contract/first-screen.ts FIRST_STATE_ELEMENT_ID). */
  state: FirstScreenState;
}

/** Renders the app at `url` as the browser's first render will (see above). */
export async function renderScreen(request: RenderRequest): Promise<RenderedScreen> {
  const [pathname = '/'] = request.url.split('?');
  await preloadFirstPage(pathname);
  const snapshots = request.home ? await homeSnapshots(request.home, request.session) : {};
  // A copy for the render: the app hands each snapshot back as it takes it (first-screen-state).
  const state: FirstScreenState = { snapshots, renderedAt: Date.now() };
  const app = () => (
    <App
      ssrPath={request.url}
      // `resume`: the browser asks the session first, so it renders "checking" as here.
      session={'resume' in request.session ? undefined : { user: request.session.user }}
      firstScreen={{ ...state, snapshots: { ...snapshots } }}
    />
  );
  // A part that suspended (a lazy component's chunk not loaded yet) comes out as a hidden
  // fallback with an inline script that swaps the content in: the page's Content-Security-Policy
  // refuses inline scripts, so the browser would keep the fallback and React would throw the
  // part away. Each render loads what suspended, so the next one finds it ready.
  for (let attempt = 1; attempt <= MAX_RENDERS; attempt += 1) {
    const sheet = new ServerStyleSheet();
    try {
      const { prelude } = await prerender(sheet.collectStyles(app()), {
        // Whole: React would otherwise cut a large part (the feed's grid) out of its place, to be
        // moved in by an inline script that the Content-Security-Policy refuses (see below).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      });
      const html = await new Response(prelude).text();
      if (!html.includes("<script")) return { html, styles: sheet.getStyleTags(), state };
    } finally {
      sheet.seal();
    }
  }
  throw new Error(`${pathname} still suspends after ${MAX_RENDERS} renders`);
}
