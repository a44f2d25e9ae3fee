/**
 * Settings → Devices (issue 32): GET /users/sessions, DELETE /users/sessions/{sessionId},
 * POST /users/sessions/sign-out-others. A session ended here is refused at its next request on
 * every replica (sessions are checked per request, auth/plugin.ts), and its open live-event
 * streams end at once, so its pages learn it without waiting for a request.
 */
import { EmptyObject, Envelope } from '../../contract/common.js';
import {
  DEVICE_MESSAGES,
  DeviceList,
  DeviceParams,
  SignedOutCount,
} from '../../contract/devices.js';
import { clearAuthCookies } from '../auth/plugin.js';
import { unauthorized } from '../errors.js';
import { announceSessionsEnded } from '../events/live-topics.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { ok } from '../http/envelope.js';
import { errorResponses } from '../http/route-helpers.js';
import { listDevices, signOutDevice, signOutOtherDevices } from './devices.js';

const TAGS = ['users'];
const security = [{ cookieAuth: [] }];

export default async function devicesRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/sessions',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security,
        summary: 'Devices: the live sessions of the signed-in account (this one marked current)',
        response: { 200: Envelope(DeviceList), ...errorResponses(401) },
      },
    },
    async (request) => {
      if (!request.auth) throw unauthorized();
      const devices = await listDevices(ctx.db, request.auth);
      return ok({ devices }, DEVICE_MESSAGES.listed);
    },
  );

  app.delete(
    '/sessions/:sessionId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security,
        summary: 'Sign out one device (404 for an id that is not a live session of yours)',
        params: DeviceParams,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { auth } = request;
      if (!auth) throw unauthorized();
      const { sessionId } = request.params;
      await signOutDevice(ctx.db, auth, sessionId);
      if (sessionId === auth.sessionId) clearAuthCookies(reply, ctx.config.cookieSecure);
      await announceSessionsEnded(ctx.events, { sessionId });
      return ok({}, DEVICE_MESSAGES.signedOut);
    },
  );

  app.post(
    '/sessions/sign-out-others',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: TAGS,
        security,
        summary: 'Sign out every other device of the signed-in account',
        response: { 200: Envelope(SignedOutCount), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { auth } = request;
      if (!auth) throw unauthorized();
      const signedOut = await signOutOtherDevices(ctx.db, auth);
      await announceSessionsEnded(ctx.events, { userId: auth.userId });
      return ok({ signedOut }, DEVICE_MESSAGES.othersSignedOut);
    },
  );
}
