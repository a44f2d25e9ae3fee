/**
 * The first screen as HTML (issue 35): the page's markup rendered on the server by the SPA's own
 * components (src/app/server-render.tsx, built beside the SPA into dist/server-render), so a
 * phone paints the feed before any script has run, and the SPA hydrates it from the same state.
 *
 * Rendered today: `/` (the home feed without a ?tag=), for visitors and signed-in users, from the
 * feed's first page (the feed cache's answer) and the popular tags, i.e. public data; who is
 * signed in only changes the header and the chips' own tags. Other routes keep today's HTML (the
 * shell, and the SPA renders). Without the built renderer (the server tests, an API-only replica),
 * or when rendering fails, the page goes out as before: the SPA then renders it itself.
 *
 * A visitor's `/` is the same for every visitor while the feed cache hands out the same answer:
 * it is rendered once per answer (and popular tags), not per request.
 */
import type { FastifyBaseLogger } from 'fastify';
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
import type { VideoList } from '../../contract/videos.js';
import { feedAnswer, popularTags } from '../feed/index.js';
import type { MediaUrls } from '../media/media-urls.js';
import { withinWait } from './image-preload.js';
import type { PageContext } from './page-context.js';

/** What dist/server-render/server-render.js exports (src/app/server-render.tsx). */
interface ScreenRendererModule {
  POPULAR_TAGS_FOR_CHIPS: number;
  renderScreen(request: {
    url: string;
    session: FirstSession;
    home?: { feed: VideoList; popularTags: string[] };
  }): Promise<{ html: string; styles: string; state: FirstScreenState }>;
}

/** A rendered screen's parts for the page: the head's additions and the root's content. */
export interface ScreenParts {
  head: string;
  root: string;
  /** The feed answer it was rendered from (its thumbnails are preloaded by the caller). */
  feed: VideoList;
}

/** Renders the first screen of `/`, or undefined when this server has no renderer. */
export type RenderHome = (
  urls: MediaUrls,
  session: Promise<FirstSession>,
  log: FastifyBaseLogger,
) => Promise<ScreenParts | undefined>;

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

function partsOf(rendered: Awaited<ReturnType<ScreenRendererModule['renderScreen']>>) {
  const { hoisted, markup } = splitHoisted(rendered.html);
  const state = jsonForHtml(JSON.stringify(rendered.state));
  return {
    head:
      `    ${hoisted}${rendered.styles}\n` +
      `    <script type="application/json" id="${FIRST_STATE_ELEMENT_ID}">${state}</script>\n`,
    root: markup,
  };
}

export function homeRenderer(ctx: PageContext, clientDir: string): RenderHome {
  const renderer = loadRenderer(clientDir).then(
    (module) => ({ module, error: undefined }),
    (error: unknown) => ({ module: undefined, error }),
  );
  let told = false;
  // The last visitor's page, by the answers it was rendered from.
  let last: { envelope: string; tags: string; parts: ScreenParts } | undefined;
  return async (urls, whoAsks, log) => {
    const { module, error } = await renderer;
    if (error !== undefined && !told) {
      told = true;
      log.error({ err: error }, 'the server renderer did not load: pages render in the browser');
    }
    if (!module) return undefined;
    const [session, envelope, tags] = await Promise.all([
      whoAsks,
      withinWait(
        ctx.config.firstScreenWaitMs,
        feedAnswer(ctx, { page: 1, limit: PAGE_SIZE.homeFeed }, urls),
      ),
      withinWait(ctx.config.firstScreenWaitMs, popularTags(ctx.db, module.POPULAR_TAGS_FOR_CHIPS)),
    ]);
    if (envelope === undefined || tags === undefined) return undefined;
    const visitor = session.user === null && !('resume' in session);
    const tagsKey = tags.join('\n');
    if (visitor && last?.envelope === envelope && last.tags === tagsKey) return last.parts;
    const feed = (JSON.parse(envelope) as { data: VideoList }).data;
    const rendered = await module.renderScreen({
      url: '/',
      session,
      home: { feed, popularTags: tags },
    });
    const parts = { ...partsOf(rendered), feed };
    if (visitor) last = { envelope, tags: tagsKey, parts };
    return parts;
  };
}

/** `html` (index.html for the route) with `root` as the server-rendered content of `#root`. */
export function withRenderedRoot(html: string, root: string): string {
  return html.replace(
    '<div id="root"></div>',
    () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${root}</div>`,
  );
}
