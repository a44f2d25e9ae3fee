/**
 * The HTML of a client route, as http/static.ts sends it: index.html with the route's
 * modulepreload links (page-html.ts), its first-screen additions (first-screen-html.ts) and who
 * it is for (page-session.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FirstSession } from '../../contract/first-screen.js';
import type { PageContext } from './page-context.js';
import { mediaUrlsOf } from '../http/origin.js';
import type { RenderPage } from '../http/static.js';
import { firstScreenHeads } from './first-screen-html.js';
import { pageHtmlOf } from './page-html.js';
import type { PageReaders } from './page-readers.js';
import { hasSession, pageSession, sessionHead } from './page-session.js';
import { screenRenderer, withRenderedRoot } from './server-render.js';

/** Undefined when the SPA is not built (the server tests, a replica that serves the API only). */
export function pageRenderer(ctx: PageContext, readers: PageReaders): RenderPage | undefined {
  const { clientDir } = ctx.config;
  if (!existsSync(path.join(clientDir, 'index.html'))) return undefined;
  const pageHtml = pageHtmlOf(clientDir);
  const headOf = firstScreenHeads(ctx);
  const renderScreen = screenRenderer(ctx, clientDir, readers);
  return async (request, pathname) => {
    const urls = mediaUrlsOf(request, ctx);
    // A failed lookup leaves the question to the SPA's session call, as before issue 35.
    const session: Promise<FirstSession> = pageSession(
      ctx,
      readers.findUser,
      request.cookies,
      urls,
    ).catch((error: unknown) => {
      request.log.warn({ err: error }, 'a page goes out without its session');
      return { user: null, resume: true } as const;
    });
    // A failed render leaves the page to the browser, as before issue 35.
    const screen = await renderScreen(pathname, request, urls, session).catch((error: unknown) => {
      request.log.warn({ err: error }, 'a page goes out without its server rendering');
      return undefined;
    });
    if (screen) {
      const who = await session;
      return {
        html: withRenderedRoot(pageHtml(pathname, sessionHead(who) + screen.head), screen.root),
        personal: hasSession(who),
      };
    }
    // The page works without its additions: a failed query leaves the data to the SPA's calls.
    const extraHead = headOf(pathname, request, urls, session).catch((error: unknown) => {
      request.log.warn({ err: error }, 'a page goes out without its first-screen data');
      return '';
    });
    const [who, head] = await Promise.all([session, extraHead]);
    return { html: pageHtml(pathname, sessionHead(who) + head), personal: hasSession(who) };
  };
}
