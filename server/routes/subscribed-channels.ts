/**
 * The channels a user subscribes to: the caller's (API.md's GET /subscriptions) and any user's
 * (GET /subscriptions/u/{subscriberId}, the path the spec leaves unnamed). Registered under the
 * /subscriptions prefix beside routes/subscriptions.ts.
 */
import { Type } from '@sinclair/typebox';
import { Envelope } from '../../contract/common.js';
import { SubscribedChannel } from '../../contract/engagement.js';
import { SubscribedChannelsQuery, SubscriberIdParams } from '../../contract/subscribed-channels.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../app-types.js';
import { listSubscribedChannels } from '../services/subscribed-channels.js';
import { errorResponses, mediaUrlsOf } from './route-helpers.js';
import { setTotalCount, withTotalCount } from './total-count.js';

const tags = ['subscriptions'];
const security = [{ cookieAuth: [] }];
const response = {
  200: withTotalCount(Envelope(Type.Array(SubscribedChannel))),
  ...errorResponses(400, 401, 404),
};

export default async function subscribedChannelsRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Channels the caller subscribes to, most recent first (total in X-Total-Count)',
        querystring: SubscribedChannelsQuery,
        response,
      },
    },
    async (request, reply) => {
      const { channels, total } = await listSubscribedChannels(
        ctx.db,
        callerId(request),
        request.query,
        mediaUrlsOf(request, ctx),
      );
      setTotalCount(reply, total);
      return ok(channels, 'Subscriptions fetched');
    },
  );

  app.get(
    '/u/:subscriberId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Channels a given user subscribes to, most recent first (total in X-Total-Count)',
        params: SubscriberIdParams,
        querystring: SubscribedChannelsQuery,
        response,
      },
    },
    async (request, reply) => {
      const { channels, total } = await listSubscribedChannels(
        ctx.db,
        request.params.subscriberId,
        request.query,
        mediaUrlsOf(request, ctx),
      );
      setTotalCount(reply, total);
      return ok(channels, 'Subscriptions fetched');
    },
  );
}
