/**
 * The HTML of a client route, as http/static.ts sends it: index.html with the route's
 * modulepreload links (page-html.ts) and its first-screen additions (first-screen-html.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PageContext } from './page-context.js';
import { mediaUrlsOf } from '../http/origin.js';
import type { RenderPage } from '../http/static.js';
import { firstScreenHeads } from './first-screen-html.js';
import { pageHtmlOf } from './page-html.js';

/** Undefined when the SPA is not built (the server tests, a replica that serves the API only). */
export function pageRenderer(ctx: PageContext): RenderPage | undefined {
  const { clientDir } = ctx.config;
  if (!existsSync(path.join(clientDir, 'index.html'))) return undefined;
  const pageHtml = pageHtmlOf(clientDir);
  const headOf = firstScreenHeads(ctx);
  return async (request, pathname) => {
    // The page works without its additions: a failed query leaves the data to the SPA's calls.
    const extraHead = await headOf(pathname, request, mediaUrlsOf(request, ctx)).catch(
      (error: unknown) => {
        request.log.warn({ err: error }, 'a page goes out without its first-screen data');
        return '';
      },
    );
    return pageHtml(pathname, extraHead);
  };
}
