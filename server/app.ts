/**
 * Builds the Fastify app: plugins, then routes. Tests use it through `app.inject`; only
 * server/main.ts listens on a port.
 */
import { parse as parseQueryString } from 'node:querystring';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorEnvelope } from '../contract/common.js';
import { API_PREFIX, LIMITS } from '../contract/limits.js';
import { TOTAL_COUNT_HEADER } from '../contract/list-total.js';
import { authPlugin } from './auth/plugin.js';
import { SessionCache } from './auth/session-cache.js';
import { followSessionsEndedAtOnce } from './events/live-topics.js';
import { clientErrorReply, frameworkErrorReply } from './http/early-replies.js';
import { installErrorHandling } from './http/error-handler.js';
import { missingReference } from './missing-reference.js';
import { GRACEFUL_CLOSE_OPTIONS, installGracefulClose } from './http/graceful-close.js';
import { AJV_OPTIONS } from './http/validation-options.js';
import { schemaCompilers, type SchemaCompilation } from './http/schema-compilers.js';
import { markFormBody } from './http/form-bodies.js';
import { installInputGuard } from './http/input-guard.js';
import { AccessLog } from './http/logging.js';
import { installSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { installOriginCheck } from './http/security.js';
import { installRequestTurns } from './request-turns.js';
import { installMediaRedirect } from './http/media-redirect.js';
import { installStatic } from './http/static.js';
import { installMultipartBody } from './http/multipart-body.js';
import type { App } from './http/app-types.js';
import type { AppContext } from './app-context.js';
import { pageRenderer } from './pages/page-renderer.js';
import { LocalDiskStorage } from './storage/local-disk.js';
import { accountImageRoutes } from './accounts/index.js';
import { commentsRoutes, conversationRoutes, moderationRoutes } from './comments/index.js';
import { syndicationRoutes } from './syndication/index.js';
import { dashboardRoutes } from './dashboard/index.js';
import healthcheckRoutes from './http/healthcheck.js';
import { historyRoutes } from './history/index.js';
import { watchProgressRoutes } from './history/index.js';
import { likesRoutes } from './comments/index.js';
import { liveEventsRoutes } from './live/index.js';
import { notificationsRoutes } from './notifications/index.js';
import { playlistForPage, playlistsRoutes } from './playlists/index.js';
import { subscribedChannelsRoutes } from './channels/index.js';
import { channelSearchRoutes, searchChannels } from './channels/index.js';
import { subscriptionFeedRoutes } from './feed/index.js';
import { subscriptionsRoutes } from './channels/index.js';
import { tweetsRoutes } from './tweets/index.js';
import { captionsRoutes, embedRoutes } from './captions/index.js';
import { usersRoutes } from './accounts/index.js';
import { usersAvailabilityRoutes } from './accounts/index.js';
import { accountMailRoutes } from './accounts/index.js';
import { findChannel, findUserDto, usersSessionRoutes } from './accounts/index.js';
import { passkeysRoutes } from './accounts/index.js';
import { devicesRoutes, secondStepRoutes, twoStepRoutes } from './accounts/index.js';
import { videosRoutes } from './videos/index.js';
import { videoProcessingRoutes } from './videos/index.js';
import { feedRoutes, suggestionsRoutes, upNextRoutes } from './feed/index.js';
import { uploadsRoutes } from './uploads/index.js';
import { LiveHub } from './live/index.js';
import { postgresRateLimitStore } from './accounts/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open live-events streams of this process (tests and the bench read its counts). */
    liveHub: LiveHub;
  }
}

export interface BuildOptions {
  ctx: AppContext;
  logger?: FastifyServerOptions['logger'];
  /** When route schemas compile (http/schema-compilers.ts): on first use unless a test asks. */
  schemaCompilation?: SchemaCompilation;
}

export async function buildApp({
  ctx,
  logger = false,
  schemaCompilation = 'at first use',
}: BuildOptions): Promise<App> {
  const { config } = ctx;
  // With S3, media loads from the bucket's host (see http/media-redirect.ts).
  const mediaOrigins = ctx.storage.direct ? [ctx.storage.direct.origin] : [];
  const headers = securityHeaders(config, mediaOrigins);
  const app = Fastify({
    logger,
    logController: new AccessLog(),
    bodyLimit: LIMITS.jsonBodyBytes,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorReply(headers),
    clientErrorHandler: clientErrorReply(headers),
    ajv: AJV_OPTIONS,
    schemaController: { compilersFactory: schemaCompilers(schemaCompilation) },
    ...GRACEFUL_CLOSE_OPTIONS,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Headers first, so that every reply, early refusals included, carries them.
  installSecurityHeaders(app, config, mediaOrigins);
  installRequestTurns(app);
  installErrorHandling(app, missingReference);
  installOriginCheck(app, config);
  installInputGuard(app);
  installMultipartBody(app);
  installGracefulClose(app);
  // Fastify parses text/plain by default; no route takes it, so it is a 415 like any other type.
  app.removeContentTypeParser('text/plain');

  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
    // Every method the API uses; the plugin's default leaves PATCH and DELETE out of preflights.
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    // Lists whose data is a bare array (API.md) carry their total in this header.
    exposedHeaders: [TOTAL_COUNT_HEADER],
  });
  // JSON above 1 kB is compressed (feeds and lists shrink 5–10×); built assets are compressed at
  // build time and served pre-compressed (http/static.ts), media is already compressed.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(formbody, {
    bodyLimit: LIMITS.jsonBodyBytes,
    parser: (text) => markFormBody(parseQueryString(text)),
  });
  await app.register(multipart, {
    limits: {
      fieldSize: LIMITS.jsonBodyBytes,
      fields: 20,
      files: 3,
      parts: 25,
      // Per-field limits are enforced while streaming (http/multipart.ts); this is the backstop.
      fileSize: config.maxVideoBytes + 1,
    },
  });
  // Off by default; login and register opt in with their own `config.rateLimit`. On PostgreSQL
  // the counts live in the database, so every replica counts the same attempts.
  await app.register(rateLimit, {
    global: false,
    ...(config.databaseUrl ? { store: postgresRateLimitStore(ctx.db) } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'VidTube API', version: '1.0.0', description: 'See shared/API.md.' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: 'accessToken' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.addSchema(ErrorEnvelope);
  // The session check's answers kept in memory, only where every ended session reaches them
  // before the next request can (auth/session-cache.ts): the embedded database's one process.
  const sessionCache = new SessionCache();
  const unfollow = followSessionsEndedAtOnce(ctx.events, (ended) => sessionCache.ended(ended));
  if (unfollow) app.addHook('onClose', async () => unfollow());
  await app.register(authPlugin, {
    statements: ctx.statements,
    tokenSecret: config.accessTokenSecret,
    cookieSecure: config.cookieSecure,
    sessionCache: unfollow ? sessionCache : undefined,
  });

  const liveHub = new LiveHub(ctx);
  app.decorate('liveHub', liveHub);
  await app.register(
    async (api) => {
      const options = { ctx };
      await api.register(healthcheckRoutes, options);
      await api.register(usersRoutes, { ...options, prefix: '/users' });
      await api.register(accountImageRoutes, { ...options, prefix: '/users' });
      await api.register(usersSessionRoutes, { ...options, prefix: '/users' });
      await api.register(usersAvailabilityRoutes, { ...options, prefix: '/users' });
      await api.register(passkeysRoutes, { ...options, prefix: '/users' });
      await api.register(accountMailRoutes, { ...options, prefix: '/users' });
      await api.register(devicesRoutes, { ...options, prefix: '/users' });
      await api.register(twoStepRoutes, { ...options, prefix: '/users' });
      await api.register(secondStepRoutes, { ...options, prefix: '/users' });
      await api.register(historyRoutes, options);
      await api.register(watchProgressRoutes, options);
      await api.register(feedRoutes, { ...options, prefix: '/videos' });
      await api.register(upNextRoutes, { ...options, prefix: '/videos' });
      await api.register(suggestionsRoutes, { ...options, prefix: '/search' });
      await api.register(videosRoutes, { ...options, prefix: '/videos' });
      await api.register(uploadsRoutes, { ...options, prefix: '/videos/uploads' });
      await api.register(videoProcessingRoutes, { ...options, prefix: '/videos' });
      await api.register(likesRoutes, { ...options, prefix: '/likes' });
      await api.register(commentsRoutes, { ...options, prefix: '/comments' });
      await api.register(conversationRoutes, { ...options, prefix: '/comments' });
      await api.register(moderationRoutes, { ...options, prefix: '/comments/moderation' });
      await api.register(subscriptionsRoutes, { ...options, prefix: '/subscriptions' });
      await api.register(subscribedChannelsRoutes, { ...options, prefix: '/subscriptions' });
      await api.register(subscriptionFeedRoutes, { ...options, prefix: '/subscriptions' });
      await api.register(channelSearchRoutes, { ...options, prefix: '/search' });
      await api.register(playlistsRoutes, { ...options, prefix: '/playlist' });
      await api.register(tweetsRoutes, { ...options, prefix: '/tweets' });
      await api.register(dashboardRoutes, { ...options, prefix: '/dashboard' });
      await api.register(notificationsRoutes, { ...options, prefix: '/notifications' });
      await api.register(liveEventsRoutes, { ...options, hub: liveHub, prefix: '/events' });
      await api.register(syndicationRoutes, options);
      // issue 34: C
      await api.register(captionsRoutes, { ...options, prefix: '/videos' });
      await api.register(embedRoutes, { ...options, prefix: '/embed' });
    },
    { prefix: API_PREFIX },
  );

  // Queued views reach the database before it closes (main.ts and tests close the app first).
  app.addHook('onClose', () => ctx.viewCounter.close());
  app.addHook('onClose', () => ctx.searchLog.close());

  const mediaRoot = ctx.storage instanceof LocalDiskStorage ? ctx.storage.root : undefined;
  // Pages read accounts, channels and playlists (issue 35), which server/pages may not import.
  const renderer = pageRenderer(ctx, {
    findUser: (userId, urls) => findUserDto(ctx.statements, userId, urls),
    findChannels: (query, callerId, urls) => searchChannels(ctx.db, query, callerId, urls),
    findChannel: (userName, viewerId, urls) => findChannel(ctx.db, userName, viewerId, urls),
    findPlaylist: (segment, viewerId, urls) => playlistForPage(ctx.db, segment, viewerId, urls),
  });
  await installStatic(app, mediaRoot, config.clientDir, renderer, {
    accelRedirect: config.mediaAccelRedirect,
  });
  if (ctx.storage.direct) installMediaRedirect(app, ctx.storage, ctx.storage.direct);
  return app;
}
