/**
 * The first screen as HTML (issue 35): the page's markup rendered on the server by the SPA's own
 * components (src/app/server-render.tsx, built beside the SPA into dist/server-render), so a
 * phone paints the feed before any script has run, and the SPA hydrates it from the same state.
 *
 * Rendered today:
 * - `/` (the home feed without a ?tag=), for visitors and signed-in users, from the feed's first
 *   page (the feed cache's answer) and the popular tags, i.e. public data; who is signed in only
 *   changes the header and the chips' own tags;
 * - `/search?query=…`, from the search's answer and the channels the query names;
 * - `/watch/{id}` for a signed-in viewer (the spec keeps the page behind the sign-in guard), from
 *   the watch itself: the video is counted and recorded here, once, as its API call would, and the
 *   browser does not ask again. A visitor's watch page, or one whose video is not there for the
 *   viewer, goes out as before (the guard's popup, or the API's answer, in the browser).
 * - `/Channel/{userName}/{tab}` and `/Playlist/{id}` for a signed-in viewer (guarded too), from
 *   the channel's profile (and, on its Videos tab, the tab's first page) or the playlist's first
 *   page, as their API calls answer the viewer. The other tabs render their list's loading state
 *   and ask in the browser, as before. A channel or playlist that is not there goes out as before.
 * Other routes keep today's HTML (the shell, and the SPA renders). Without the built renderer (the
 * server tests, an API-only replica), or when rendering fails, the page goes out as before: the
 * SPA then renders it itself.
 *
 * A visitor's `/` is the same for every visitor while the feed cache hands out the same answer:
 * it is rendered once per answer (and popular tags), not per request.
 */
import type { FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  FIRST_STATE_ELEMENT_ID,
  SERVER_RENDERED_ATTRIBUTE,
  type FirstScreenState,
  type FirstSession,
} from '../../contract/first-screen.js';
import { jsonForHtml } from '../../contract/markup.js';
import type { ViewSource } from '../../contract/video-analytics.js';
import type { VideoDetail, VideoList } from '../../contract/videos.js';
import { Id } from '../../contract/common.js';
import { Value } from '@sinclair/typebox/value';
import { feedTagOf, PAGE_ROUTES, pageOf } from '../../contract/page-routes.js';
import { FIRST_PAGE, LIMITS, PAGE_SIZE } from '../../contract/limits.js';
import type { PlaylistDetail } from '../../contract/playlists.js';
import type { ChannelResult } from '../../contract/search.js';
import type { Channel } from '../../contract/users.js';
import { THUMBNAIL_SIZES } from '../../contract/thumbnail-sizes.js';
import { feedAnswer, feedFiltersOf, popularTags } from '../feed/index.js';
import { feedPreloads, searchOf } from './first-screen-html.js';
import { channelFeedHead } from './link-preview-html.js';
import type { PageReaders } from './page-readers.js';
import { searchQueryOf } from './search-page-head.js';
import type { MediaUrls } from '../media/media-urls.js';
import { imagePreload, thumbnailPreload, withinWait } from './image-preload.js';
import type { PageContext } from './page-context.js';
import { pageViewer } from './page-session.js';
import { watchForPage } from '../videos/index.js';

/** What dist/server-render/server-render.js exports (src/app/server-render.tsx). */
interface ScreenRendererModule {
  POPULAR_TAGS_FOR_CHIPS: number;
  renderScreen(request: {
    url: string;
    session: FirstSession;
    home?: { feed: VideoList; popularTags: string[] };
    search?: { videos: VideoList; channels: ChannelResult[] };
    watch?: { video: VideoDetail };
    channel?: { channel: Channel; videos?: VideoList };
    playlist?: { playlist: PlaylistDetail };
  }): Promise<{ html: string; styles: string; state: FirstScreenState }>;
  /** Whether the channel page shows its Videos tab for the URL's tab segment. */
  channelShowsVideos(segment: string | undefined): boolean;
}

/** A rendered screen's parts for the page: the head's additions and the root's content. */
export interface ScreenParts {
  head: string;
  root: string;
}

/**
 * The parts of the page at `pathname` (with the request's `url` for its query), or undefined for a
 * route the server does not render, when this server has no renderer, or when the data is slower
 * than FIRST_SCREEN_WAIT_MS. A failed query or render rejects.
 */
export type RenderScreen = (
  pathname: string,
  request: FastifyRequest,
  urls: MediaUrls,
  session: Promise<FirstSession>,
) => Promise<ScreenParts | undefined>;

/**
 * Where a watch opened by loading its page came from (issue 34's sources), as the browser's
 * src/api/watch-source.ts says of a first load: no referrer (a pasted or messaged link) is
 * `shared`, a referrer is `elsewhere`.
 */
const landingSource = (request: FastifyRequest): ViewSource =>
  request.headers.referer ? 'elsewhere' : 'shared';

/** The built renderer beside `clientDir` (dist/client → dist/server-render), if there is one. */
function loadRenderer(clientDir: string): Promise<ScreenRendererModule | undefined> {
  const file = path.join(clientDir, '..', 'server-render', 'server-render.js');
  if (!existsSync(file)) return Promise.resolve(undefined);
  return import(pathToFileURL(file).href) as Promise<ScreenRendererModule>;
}

/**
 * React puts the preloads of the images it renders with high priority first in its markup; they
 * belong in the head (the page's own preloads, with the grid's srcset, are there already).
 */
function splitHoisted(html: string): { hoisted: string; markup: string } {
  const hoisted = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';
  return { hoisted, markup: html.slice(hoisted.length) };
}

type Rendered = Awaited<ReturnType<ScreenRendererModule['renderScreen']>>;

function partsOf(rendered: Rendered, preloads: string): ScreenParts {
  const { hoisted, markup } = splitHoisted(rendered.html);
  const state = jsonForHtml(JSON.stringify(rendered.state));
  return {
    head:
      `${preloads}    ${hoisted}${rendered.styles}\n` +
      `    <script type="application/json" id="${FIRST_STATE_ELEMENT_ID}">${state}</script>\n`,
    root: markup,
  };
}

const isVisitor = (session: FirstSession) => session.user === null && !('resume' in session);

export function screenRenderer(
  ctx: PageContext,
  clientDir: string,
  readers: PageReaders,
): RenderScreen {
  const renderer = loadRenderer(clientDir).then(
    (module) => ({ module, error: undefined }),
    (error: unknown) => ({ module: undefined, error }),
  );
  let told = false;
  const wait = <T>(work: Promise<T>) => withinWait(ctx.config.firstScreenWaitMs, work);
  // The last visitor's home page, by the answers it was rendered from.
  let lastHome: { envelope: string; tags: string; parts: ScreenParts } | undefined;

  async function home(
    module: ScreenRendererModule,
    urls: MediaUrls,
    whoAsks: Promise<FirstSession>,
  ) {
    const [session, envelope, tags] = await Promise.all([
      whoAsks,
      wait(feedAnswer(ctx, { page: 1, limit: PAGE_SIZE.homeFeed }, urls)),
      wait(popularTags(ctx.db, module.POPULAR_TAGS_FOR_CHIPS)),
    ]);
    if (envelope === undefined || tags === undefined) return undefined;
    const tagsKey = tags.join('\n');
    const visitor = isVisitor(session);
    if (visitor && lastHome?.envelope === envelope && lastHome.tags === tagsKey) {
      return lastHome.parts;
    }
    const feed = (JSON.parse(envelope) as { data: VideoList }).data;
    const rendered = await module.renderScreen({
      url: '/',
      session,
      home: { feed, popularTags: tags },
    });
    const parts = partsOf(rendered, feedPreloads(feed));
    if (visitor) lastHome = { envelope, tags: tagsKey, parts };
    return parts;
  }

  async function search(
    module: ScreenRendererModule,
    url: string,
    urls: MediaUrls,
    whoAsks: Promise<FirstSession>,
  ) {
    const query = searchQueryOf(searchOf(url));
    if (!query) return undefined; // a blank search: the page asks nothing, the SPA renders it
    const session = await whoAsks;
    const [envelope, channels] = await Promise.all([
      wait(feedAnswer(ctx, feedFiltersOf(query), urls)),
      wait(readers.findChannels(query.query ?? '', session.user?._id ?? null, urls)),
    ]);
    if (envelope === undefined || channels === undefined) return undefined;
    const videos = (JSON.parse(envelope) as { data: VideoList }).data;
    const rendered = await module.renderScreen({ url, session, search: { videos, channels } });
    const first = videos.videos[0];
    return partsOf(rendered, first ? thumbnailPreload(first, THUMBNAIL_SIZES.row) : '');
  }

  async function watch(
    module: ScreenRendererModule,
    videoId: string,
    request: FastifyRequest,
    urls: MediaUrls,
    whoAsks: Promise<FirstSession>,
  ) {
    const reader = await signedIn(request, whoAsks);
    if (!reader) return undefined; // the guard's page: the SPA's
    // Not `wait`ed: a page that gave up waiting would go out unrendered with the watch made
    // anyway, and the browser's own call would record it a second time in history.
    const video = await watchForPage(ctx, videoId, reader.viewer, urls, landingSource(request));
    if (!video) return undefined;
    const rendered = await module.renderScreen({
      url: request.url,
      session: reader.session,
      watch: { video },
    });
    return partsOf(rendered, thumbnailPreload(video, THUMBNAIL_SIZES.player));
  }

  /** Who a guarded page is rendered for: its signed-in viewer, or null (the guard's page). */
  async function signedIn(request: FastifyRequest, whoAsks: Promise<FirstSession>) {
    const viewer = pageViewer(ctx, request.cookies);
    const session = await whoAsks;
    return viewer && session.user !== null ? { viewer, session } : null;
  }

  async function channel(
    module: ScreenRendererModule,
    params: Record<string, string>,
    request: FastifyRequest,
    urls: MediaUrls,
    whoAsks: Promise<FirstSession>,
  ) {
    // As the browser's router hands the segments to the page (not decoded), so the page asks the
    // API for what is read here.
    const { userName = '', tab } = params;
    const reader = await signedIn(request, whoAsks);
    if (!reader || !userName || userName.length > LIMITS.userName.max) return undefined;
    const found = await wait(readers.findChannel(userName, reader.viewer.userId, urls));
    if (!found) return undefined;
    const onVideos = module.channelShowsVideos(tab);
    const filters = { userId: found._id, page: FIRST_PAGE, limit: PAGE_SIZE.channelVideos };
    const envelope = onVideos ? await wait(feedAnswer(ctx, filters, urls)) : undefined;
    if (onVideos && envelope === undefined) return undefined;
    const videos = envelope ? (JSON.parse(envelope) as { data: VideoList }).data : undefined;
    const rendered = await module.renderScreen({
      url: request.url,
      session: reader.session,
      channel: { channel: found, videos },
    });
    // The cover is the page's largest paint; without one, the grid's first thumbnails.
    const cover = { thumbnail: found.coverImage, thumbnailSizes: found.coverImageSizes };
    const images = found.coverImage
      ? thumbnailPreload(cover, THUMBNAIL_SIZES.cover)
      : videos
        ? feedPreloads(videos)
        : '';
    return partsOf(rendered, images + channelFeedHead(found.userName, urls));
  }

  async function playlist(
    module: ScreenRendererModule,
    playlistId: string | undefined,
    request: FastifyRequest,
    urls: MediaUrls,
    whoAsks: Promise<FirstSession>,
  ) {
    const reader = await signedIn(request, whoAsks);
    if (!reader || !playlistId) return undefined;
    const found = await wait(readers.findPlaylist(playlistId, reader.viewer.userId, urls));
    if (!found) return undefined;
    const rendered = await module.renderScreen({
      url: request.url,
      session: reader.session,
      playlist: { playlist: found },
    });
    return partsOf(rendered, found.thumbnail ? imagePreload(found.thumbnail) : '');
  }

  return async (pathname, request, urls, session) => {
    const page = pageOf(pathname);
    const route = page?.route;
    const url = request.url;
    const plainHome = route === PAGE_ROUTES.home && !feedTagOf(searchOf(url));
    const watched = route === PAGE_ROUTES.watch ? page?.params.videoId : undefined;
    // The API's own id rule, so no odd path reaches the database.
    const watchable = watched !== undefined && Value.Check(Id, watched);
    const rendered =
      plainHome ||
      watchable ||
      route === PAGE_ROUTES.search ||
      route === PAGE_ROUTES.channel ||
      route === PAGE_ROUTES.playlist;
    if (!rendered) return undefined;
    const { module, error } = await renderer;
    if (error !== undefined && !told) {
      told = true;
      request.log.error(
        { err: error },
        'the server renderer did not load: pages render in the browser',
      );
    }
    if (!module) return undefined;
    if (watchable) return watch(module, watched, request, urls, session);
    if (route === PAGE_ROUTES.channel) return channel(module, page!.params, request, urls, session);
    if (route === PAGE_ROUTES.playlist) {
      return playlist(module, page!.params.playListId, request, urls, session);
    }
    return plainHome ? home(module, urls, session) : search(module, url, urls, session);
  };
}
/** `html` (index.html for the route) with `root` as the server-rendered content of `#root`. */
export function withRenderedRoot(html: string, root: string): string {
  return html.replace(
    '<div id="root"></div>',
    () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${root}</div>`,
  );
}
