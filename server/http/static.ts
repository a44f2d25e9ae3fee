/**
 * Serves the built SPA (dist/client) and the media folder (media-files.ts). Hashed assets and
 * media files have unguessable, content-unique names, so they are cached for a year as
 * immutable; index.html is never cached so a deploy is picked up at once. Client routes
 * (/watch/abc, /Dashboard) get index.html, with modulepreload links for their page's chunk
 * (page-html.ts); unknown /api paths get the JSON 404. The SPA's files are sent pre-compressed:
 * the build writes a .br and a .gz beside each (scripts/vite-precompress.ts), so the best
 * encoding the browser accepts costs no CPU per request.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_PREFIX } from '../storage/storage.js';
import { failure } from './envelope.js';
import { IMMUTABLE, installMediaFiles } from './media-files.js';
import { pageHtmlOf } from './page-html.js';

export async function installStatic(
  app: FastifyInstance,
  mediaRoot: string | undefined,
  clientDir: string,
  /** What a page's HTML adds to its head (first-screen-html.ts). */
  pageHead?: (request: FastifyRequest, pathname: string) => Promise<string>,
): Promise<void> {
  if (mediaRoot) installMediaFiles(app, mediaRoot);

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

  const pageHtml = hasClient ? pageHtmlOf(clientDir) : undefined;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    // The page works without its additions: a failed query leaves the data to the SPA's calls.
    const extraHead = await pageHead?.(request, pathname).catch((error: unknown) => {
      request.log.warn({ err: error }, 'a page goes out without its first-screen data');
      return '';
    });
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageHtml!(pathname, extraHead));
  };
  if (hasClient)
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith(MEDIA_PREFIX) &&
      !pathname.startsWith('/assets/');
    if (wantsPage && hasClient) return sendPage(request, reply, pathname);
    return reply.status(404).send(failure(404, `Route ${request.method} ${pathname} not found`));
  });
}
