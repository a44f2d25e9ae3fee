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
import { PAGE_SIZE } from '../../contract/limits.js';
import { jsonForHtml } from '../../contract/markup.js';
import type { ViewSource } from '../../contract/video-analytics.js';
import type { VideoDetail, VideoList } from '../../contract/videos.js';
import { Id } from '../../contract/common.js';
import { Value } from '@sinclair/typebox/value';
import { feedTagOf, PAGE_ROUTES, pageOf } from '../../contract/page-routes.js';
import type { ChannelResult } from '../../contract/search.js';
import { THUMBNAIL_SIZES } from '../../contract/thumbnail-sizes.js';
import { feedAnswer, feedFiltersOf, popularTags } from '../feed/index.js';
import { feedPreloads, searchOf } from './first-screen-html.js';
import { searchQueryOf } from './search-page-head.js';
import type { MediaUrls } from '../media/media-urls.js';
import { posterPreload, thumbnailPreload, withinWait } from './image-preload.js';
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
  }): Promise<{ html: string; styles: string; state: FirstScreenState }>;
}

/** The channels a search names for the one who asks (channels' searchChannels, handed down). */
export type FindChannels = (
  query: string,
  callerId: string | null,
  urls: MediaUrls,
) => Promise<ChannelResult[]>;

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
  findChannels: FindChannels,
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
      wait(findChannels(query.query ?? '', session.user?._id ?? null, urls)),
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
    const viewer = pageViewer(ctx, request.cookies);
    const session = await whoAsks;
    if (!viewer || session.user === null) return undefined; // the guard's page: the SPA's
    // Not `wait`ed: a page that gave up waiting would go out unrendered with the watch made
    // anyway, and the browser's own call would record it a second time in history.
    const video = await watchForPage(ctx, videoId, viewer, urls, landingSource(request));
    if (!video) return undefined;
    const rendered = await module.renderScreen({ url: request.url, session, watch: { video } });
    return partsOf(rendered, posterPreload(video.thumbnail));
  }

  return async (pathname, request, urls, session) => {
    const page = pageOf(pathname);
    const route = page?.route;
    const url = request.url;
    const plainHome = route === PAGE_ROUTES.home && !feedTagOf(searchOf(url));
    const watched = route === PAGE_ROUTES.watch ? page?.params.videoId : undefined;
    // The API's own id rule, so no odd path reaches the database.
    const watchable = watched !== undefined && Value.Check(Id, watched);
    if (!plainHome && route !== PAGE_ROUTES.search && !watchable) return undefined;
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
