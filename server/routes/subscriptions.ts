/**
 * API.md, Subscriptions: toggle and a channel's subscribers. The channels a user subscribes to are
 * in routes/subscribed-channels.ts.
 */
import { Type } from '@sinclair/typebox';
import { Envelope } from '../../contract/common.js';
import {
  ChannelIdParams,
  ChannelSubscriber,
  SubscribersQuery,
  SubscriptionToggle,
} from '../../contract/engagement.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../app-types.js';
import { listSubscribers, toggleSubscription } from '../services/subscriptions.js';
import { errorResponses, mediaUrlsOf } from './route-helpers.js';
import { setTotalCount, withTotalCount } from './total-count.js';

const tags = ['subscriptions'];
const security = [{ cookieAuth: [] }];

export default async function subscriptionsRoutes(app: App, { ctx }: RouteOptions) {
  app.post(
    '/c/:channelId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Subscribe to or unsubscribe from a channel',
        params: ChannelIdParams,
        response: { 200: Envelope(SubscriptionToggle), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const data = await toggleSubscription(ctx.db, callerId(request), request.params.channelId);
      return ok(data, data.subscribed ? 'Subscribed' : 'Unsubscribed');
    },
  );

  app.get(
    '/c/:channelId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary:
          "A channel's subscribers, with whether the caller subscribes to each (total in X-Total-Count)",
        params: ChannelIdParams,
        querystring: SubscribersQuery,
        response: {
          200: withTotalCount(Envelope(Type.Array(ChannelSubscriber))),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const { subscribers, total } = await listSubscribers(
        ctx.db,
        request.params.channelId,
        callerId(request),
        page,
        limit,
        mediaUrlsOf(request, ctx),
      );
      setTotalCount(reply, total);
      return ok(subscribers, 'Subscribers fetched');
    },
  );
}
