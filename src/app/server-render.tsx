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
import type { ChannelResult } from '../../contract/search';
import type { VideoDetail, VideoList } from '../../contract/videos';
import { PAGE_SIZE } from '../../contract/limits';
import { CHANNEL_TABS } from '../../machines/constants';
import { pageOf as pageOfPath } from '../../contract/page-routes';
import type { PlaylistDetail } from '../../contract/playlists';
import type { Channel } from '../../contract/users';
import { feedMachine, POPULAR_TAGS_FOR_CHIPS } from '../../machines/feed.machine';
import { searchMachine } from '../../machines/search.machine';
import { watchMachine, watchSlot } from '../../machines/watch.machine';
import {
  channelMachine,
  channelSlot,
  channelVideosSlot,
  tabFromPath,
} from '../../machines/channel.machine';
import { playlistDetailMachine, playlistSlot } from '../../machines/playlist-detail.machine';
import { parseSearchUrl } from '../features/search/search-url';
import { selectIsLoadingFirst, type Page, type PageRequest } from '../../machines/pager.machine';
import { pageOfVideoList } from '../api/video-actors';
import { pagerWith, withPager } from '../pager-logic';
import { App } from './app';
import { preloadFirstPage } from './routes';

/** What the home page's first screen is rendered from: public data, as the API answers it. */
export interface HomeData {
  feed: VideoList;
  popularTags: string[];
}

/** What the search page's first screen is rendered from: the API's answers for its address. */
export interface SearchData {
  /** `GET /videos` with the address's query and filters, page 1 (with its spelling, if any). */
  videos: VideoList;
  /** `GET /search/channels?query=…` for the one who asks. */
  channels: ChannelResult[];
}

export { POPULAR_TAGS_FOR_CHIPS };

/** The pager's page of a `GET /videos` answer, as the app's fetchVideoPage answers it. */
const pageOf = (list: VideoList) =>
  fromPromise<Page, PageRequest>(() => Promise.resolve(pageOfVideoList(list)));

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
  const logic = withPager(feedMachine, pageOf(data.feed), {
    fetchPopularTags: fromPromise(() => Promise.resolve(data.popularTags)),
  });
  const feed = createActor(logic, { input: { tags, activeTag: null } }).start();
  // What the page sends once the session is known (home-page.tsx).
  feed.send({ type: 'TAGS_CHANGED', tags });
  await waitFor(feed, (s) => !s.matches({ popularTags: 'loading' }));
  await waitFor(feed.getSnapshot().children.pager!, (s) => !selectIsLoadingFirst(s));
  const snapshot = feed.getPersistedSnapshot();
  feed.stop();
  return { [HOME_FEED_SLOT]: snapshot };
}

/** The remembered slot of the search page's actor (src/pages/search-page.tsx). */
const SEARCH_SLOT = 'search';

/**
 * The search page's snapshot: the search machine told the address's query and filters, as the page
 * tells it, run over the data until the results and the channel lookup are done.
 */
async function searchSnapshots(data: SearchData, search: string) {
  const logic = withPager(searchMachine, pageOf(data.videos), {
    fetchChannels: fromPromise(() => Promise.resolve(data.channels)),
  });
  const actor = createActor(logic).start();
  actor.send({ type: 'QUERY_CHANGED', ...parseSearchUrl(search) });
  await waitFor(actor, (s) => !s.matches({ searching: 'findingChannel' }));
  const pager = actor.getSnapshot().children.pager;
  if (pager) await waitFor(pager, (s) => !selectIsLoadingFirst(s));
  const snapshot = actor.getPersistedSnapshot();
  actor.stop();
  return { [SEARCH_SLOT]: snapshot };
}

/**
 * The watch page's snapshot: its machine run over the watch the server made for the viewer (the
 * API's answer), so the browser's machine starts loaded and does not ask (and count) again.
 */
async function watchSnapshots(video: VideoDetail) {
  const logic = watchMachine.provide({
    actors: { fetchVideo: fromPromise(() => Promise.resolve(video)) },
  });
  const actor = createActor(logic, { input: { videoId: video._id } }).start();
  await waitFor(actor, (s) => s.matches('loaded'));
  const snapshot = actor.getPersistedSnapshot();
  actor.stop();
  return { [watchSlot(video._id)]: snapshot };
}

/** What the channel page's first screen is rendered from: the API's answers for the viewer. */
export interface ChannelData {
  /** `GET /users/channel/{userName}`. */
  channel: Channel;
  /** On the Videos tab, `GET /videos?userId=…&page=1&limit=6`: the tab's first page. */
  videos?: VideoList;
}

/** Whether the channel page shows its Videos tab for the URL's tab segment (the server reads its data). */
export const channelShowsVideos = (segment: string | undefined): boolean =>
  tabFromPath(segment) === CHANNEL_TABS[0];

/**
 * The channel page's snapshots: its machine with the page's input, run over the channel, and on
 * the Videos tab the tab's pager run over its first page. Another tab's list starts in the
 * browser, from the loading state rendered here.
 */
async function channelSnapshots(data: ChannelData, userName: string, tab: string | undefined) {
  const logic = channelMachine.provide({
    actors: { fetchChannel: fromPromise(() => Promise.resolve(data.channel)) },
  });
  const page = createActor(logic, { input: { userName, tab } }).start();
  await waitFor(page, (s) => s.matches('loaded'));
  const snapshots: Record<string, unknown> = {
    [channelSlot(userName)]: page.getPersistedSnapshot(),
  };
  page.stop();
  if (data.videos) {
    const input = { pageSize: PAGE_SIZE.channelVideos, params: { userId: data.channel._id } };
    const pager = createActor(pagerWith(pageOf(data.videos)), { input }).start();
    await waitFor(pager, (s) => !selectIsLoadingFirst(s));
    snapshots[channelVideosSlot(data.channel._id)] = pager.getPersistedSnapshot();
    pager.stop();
  }
  return snapshots;
}

/** The Playlist page's snapshot: its machine run over the playlist's first page. */
async function playlistSnapshots(playlist: PlaylistDetail, playlistId: string) {
  const logic = playlistDetailMachine.provide({
    actors: { fetchPlaylist: fromPromise(() => Promise.resolve(playlist)) },
  });
  const actor = createActor(logic, { input: { playlistId } }).start();
  await waitFor(actor, (s) => s.matches('loaded'));
  const snapshot = actor.getPersistedSnapshot();
  actor.stop();
  return { [playlistSlot(playlistId)]: snapshot };
}

export interface RenderRequest {
  /** The address, with its query (`/`, `/search?query=…`, `/watch/{id}?t=93`). */
  url: string;
  session: FirstSession;
  /** The home page's data, on `/`. */
  home?: HomeData;
  /** The search page's data, on `/search?query=…`. */
  search?: SearchData;
  /** The watch page's data, on `/watch/{id}` for a signed-in viewer: `GET /videos/{id}`'s. */
  watch?: { video: VideoDetail };
  /** The channel page's data, on `/Channel/{userName}/{tab}` for a signed-in viewer. */
  channel?: ChannelData;
  /** The Playlist page's data, on `/Playlist/{id}` for a signed-in viewer: page 1's. */
  playlist?: { playlist: PlaylistDetail };
}

/** The snapshots of the page at `pathname` (with its `query`), run over the request's data. */
function snapshotsOf(request: RenderRequest, pathname: string, query: string) {
  const params = pageOfPath(pathname)?.params ?? {};
  if (request.home) return homeSnapshots(request.home, request.session);
  if (request.search) return searchSnapshots(request.search, query);
  if (request.watch) return watchSnapshots(request.watch.video);
  if (request.channel) return channelSnapshots(request.channel, params.userName ?? '', params.tab);
  if (request.playlist)
    return playlistSnapshots(request.playlist.playlist, params.playListId ?? '');
  return Promise.resolve({});
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
  const cut = request.url.indexOf('?');
  const pathname = cut < 0 ? request.url : request.url.slice(0, cut);
  const query = cut < 0 ? '' : request.url.slice(cut + 1);
  await preloadFirstPage(pathname);
  const snapshots = await snapshotsOf(request, pathname, query);
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
      if (!html.includes('<script')) return { html, styles: sheet.getStyleTags(), state };
    } finally {
      sheet.seal();
    }
  }
  throw new Error(`${pathname} still suspends after ${MAX_RENDERS} renders`);
}
