/**
 * Builds the Fastify app: plugins, then routes. Tests use it through `app.inject`; only
 * server/main.ts listens on a port.
 */
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorEnvelope } from '../contract/common.js';
import { LIMITS } from '../contract/shapes.js';
import { authPlugin } from './auth/plugin.js';
import { installErrorHandling } from './http/error-handler.js';
import { installOriginCheck } from './http/security.js';
import { installStatic } from './http/static.js';
import type { AppContext } from './context.js';
import type { App } from './http/types.js';
import { LocalDiskStorage } from './storage/local-disk.js';
import accountImageRoutes from './routes/account-images.js';
import commentsRoutes from './routes/comments.js';
import healthcheckRoutes from './routes/healthcheck.js';
import historyRoutes from './routes/history.js';
import likesRoutes from './routes/likes.js';
import subscriptionsRoutes from './routes/subscriptions.js';
import usersRoutes from './routes/users.js';
import videosRoutes from './routes/videos.js';

export const API_PREFIX = '/api/v1';

export interface BuildOptions {
  ctx: AppContext;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ ctx, logger = false }: BuildOptions): Promise<App> {
  const { config } = ctx;
  const app = Fastify({
    logger,
    bodyLimit: LIMITS.jsonBodyBytes,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: process.env.TRUST_PROXY === '1',
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
        allErrors: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandling(app);
  installOriginCheck(app, config);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.corsOrigins],
        mediaSrc: ["'self'", 'blob:'],
        // styled-components injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: LIMITS.jsonBodyBytes });
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
  // Off by default; login and register opt in with their own `config.rateLimit`.
  await app.register(rateLimit, { global: false });
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
  await app.register(authPlugin, {
    db: ctx.db,
    tokenSecret: config.accessTokenSecret,
    cookieSecure: config.cookieSecure,
  });

  await app.register(
    async (api) => {
      const options = { ctx };
      await api.register(healthcheckRoutes, options);
      await api.register(usersRoutes, { ...options, prefix: '/users' });
      await api.register(accountImageRoutes, { ...options, prefix: '/users' });
      await api.register(historyRoutes, options);
      await api.register(videosRoutes, { ...options, prefix: '/videos' });
      await api.register(likesRoutes, { ...options, prefix: '/likes' });
      await api.register(commentsRoutes, { ...options, prefix: '/comments' });
      await api.register(subscriptionsRoutes, { ...options, prefix: '/subscriptions' });
    },
    { prefix: API_PREFIX },
  );

  const mediaRoot = ctx.storage instanceof LocalDiskStorage ? ctx.storage.root : undefined;
  await installStatic(app, mediaRoot);
  return app;
}
