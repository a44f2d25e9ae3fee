/**
 * The security headers of every response, computed once from helmet's policy and set by the
 * first onRequest hook, so that replies which end early (the cross-origin 403, a refused body,
 * a bad URL, a malformed request line) carry the same headers as the rest. helmet itself is only
 * asked for the header values: its policy is static, so running it per request is wasted work.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { MEDIA_PREFIX } from '../storage/storage.js';

export type HeaderMap = Record<string, string>;

/**
 * `mediaOrigins`: where media URLs redirect to (the S3 bucket's host). Images and the MP4 load
 * from there (img-src, media-src), and hls.js fetches HLS segments from there with XHR, which
 * connect-src governs (redirects included), so the policy allows it for all three.
 */
export function securityHeaders(
  config: Pick<Config, 'corsOrigins'>,
  mediaOrigins: string[] = [],
): HeaderMap {
  const headers: HeaderMap = {};
  const collector = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.corsOrigins, ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        // styled-components injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...mediaOrigins],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return headers;
}

/**
 * Media files may be embedded by the origins in CORS_ORIGINS (a client of this API on another
 * origin shows our thumbnails and plays our videos). Cross-Origin-Resource-Policy cannot list
 * origins, so with any origin configured media is `cross-origin`; without, it stays same-origin.
 */
export function mediaHeaders(base: HeaderMap, config: Pick<Config, 'corsOrigins'>): HeaderMap {
  if (config.corsOrigins.length === 0) return base;
  return { ...base, 'cross-origin-resource-policy': 'cross-origin' };
}

/** Where the embeddable player's page lives (issue 34): the one path other sites may frame. */
export const EMBED_PAGE_PREFIX = '/embed/';

/**
 * The embed page's headers: any site may put it in a frame (`frame-ancestors *`, no
 * X-Frame-Options); everything else stays as strict as every other page's.
 */
export function embedHeaders(base: HeaderMap): HeaderMap {
  const { 'x-frame-options': _refused, ...rest } = base;
  const policy = rest['content-security-policy'] ?? '';
  return {
    ...rest,
    'content-security-policy': policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'),
  };
}

/** Where the build's hashed files live (dist/client/assets, http/static.ts). */
export const ASSETS_PREFIX = '/assets/';

/**
 * The headers a built file (script, style, image) needs: `nosniff`, so a script is run only when
 * its type says so, and its Cross-Origin-Resource-Policy. The others govern documents (the
 * Content-Security-Policy, framing, referrers, the opener, …) and a browser ignores them on a
 * script or a style: about 700 bytes per file that `/` paid on each of its chunks (issue 35,
 * `npm run bench -- js`). Strict-Transport-Security arrives with every page.
 */
export function assetHeaders(base: HeaderMap): HeaderMap {
  const kept = ['x-content-type-options', 'cross-origin-resource-policy'];
  return Object.fromEntries(Object.entries(base).filter(([name]) => kept.includes(name)));
}

/** Sets the headers first thing on every request that reaches routing. */
export function installSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  mediaOrigins: string[] = [],
): HeaderMap {
  const base = securityHeaders(config, mediaOrigins);
  const media = mediaHeaders(base, config);
  const embed = embedHeaders(base);
  const assets = assetHeaders(base);
  const headersFor = (url: string) => {
    if (url.startsWith(MEDIA_PREFIX)) return media;
    if (url.startsWith(ASSETS_PREFIX)) return assets;
    return url.startsWith(EMBED_PAGE_PREFIX) ? embed : base;
  };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headersFor(request.url));
    done();
  });
  return base;
}
