/**
 * Cross-site request refusal: a state-changing request whose Origin is neither our own nor listed
 * in CORS_ORIGINS is refused before any handler runs. (Cookies are SameSite=Lax as well; this also
 * covers same-site-but-foreign origins.)
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { forbidden } from '../errors.js';
import { publicOrigin } from './origin.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installOriginCheck(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return; // not a browser cross-site request (curl, server-to-server)
    const own = [publicOrigin(request, config), `${request.protocol}://${request.host}`];
    if (own.includes(origin) || config.corsOrigins.includes(origin)) return;
    throw forbidden('Cross-origin request refused');
  });
}
