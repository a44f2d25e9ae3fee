/**
 * Serves the built SPA (dist/client) and the media folder (media-files.ts). Hashed assets and
 * media files have unguessable, content-unique names, so they are cached for a year as
 * immutable; index.html is never cached so a deploy is picked up at once. Client routes
 * (/watch/abc, /Dashboard) get their page's HTML, which server/pages builds (index.html with
 * modulepreload links and first-screen data); unknown /api paths get the JSON 404. The SPA's files are sent pre-compressed:
 * the build writes a .br and a .gz beside each (scripts/vite-precompress.ts), so the best
 * encoding the browser accepts costs no CPU per request.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_PREFIX } from '../storage/storage.js';
import { failure } from './envelope.js';
import { installMediaFiles, type MediaDelivery } from './media-files.js';
import { IMMUTABLE } from './media-types.js';
import { ASSETS_PREFIX } from './security-headers.js';

/**
 * The HTML of the client route at `pathname` (server/pages/page-renderer.ts builds it), and
 * whether it is the caller's alone (it names the signed-in user).
 */
export type RenderPage = (
  request: FastifyRequest,
  pathname: string,
) => Promise<{ html: string; personal: boolean }>;

/**
 * A page naming its user is never stored (`no-store`: not on disk, not by a shared cache); any
 * other is revalidated each time. Both vary with the cookie, so no cache hands one caller's page to
 * another. Pages carry no validator (ETag, Last-Modified): a 304 can never stand for another's page.
 */
const pageCaching = (personal: boolean) => (personal ? 'private, no-store' : 'no-cache');

export async function installStatic(
  app: FastifyInstance,
  mediaRoot: string | undefined,
  clientDir: string,
  /** Absent when the SPA is not built: then every unknown path is the JSON 404. */
  renderPage: RenderPage | undefined,
  mediaDelivery: MediaDelivery = {},
): Promise<void> {
  if (mediaRoot) installMediaFiles(app, mediaRoot, mediaDelivery);

  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // One route per built file (the build is fixed while the server runs). A catch-all `/*`
      // would also swallow API paths the router refuses, e.g. a path parameter over the length
      // limit, which must stay a 414.
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: { header(k: string, v: string): unknown }, filePath: string) => {
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isAsset ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const render = hasClient ? renderPage : undefined;
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    html: RenderPage,
  ) => {
    const page = await html(request, pathname);
    return reply
      .header('cache-control', pageCaching(page.personal))
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(page.html);
  };
  if (render) {
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      sendPage(request, reply, '/', render),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith(MEDIA_PREFIX) &&
      !pathname.startsWith(ASSETS_PREFIX);
    if (wantsPage && render) return sendPage(request, reply, pathname, render);
    return reply.status(404).send(failure(404, `Route ${request.method} ${pathname} not found`));
  });
}
