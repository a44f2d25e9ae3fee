/**
 * API.md, Subscriptions: toggle and a channel's subscribers. The channels a user subscribes to are
 * in channels/subscribed-channels.routes.ts.
 */
import { Envelope } from '../../contract/common.js';
import {
  ChannelIdParams,
  ChannelSubscriber,
  SubscribersQuery,
  SubscriptionToggle,
} from '../../contract/engagement.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { listSubscribers, toggleSubscription } from './subscriptions.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { countedListRoute } from '../http/counted-list.js';

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
      const data = await toggleSubscription(ctx, callerId(request), request.params.channelId);
      return ok(data, data.subscribed ? 'Subscribed' : 'Unsubscribed');
    },
  );

  countedListRoute(
    app,
    '/c/:channelId',
    {
      tags,
      security,
      summary: "A channel's subscribers, with whether the caller subscribes to each",
      params: ChannelIdParams,
      querystring: SubscribersQuery,
      item: ChannelSubscriber,
      message: 'Subscribers fetched',
    },
    async ({ params, query, request }) => {
      const { subscribers, total } = await listSubscribers(
        ctx.db,
        params.channelId,
        callerId(request),
        query.page,
        query.limit,
        mediaUrlsOf(request, ctx),
      );
      return { items: subscribers, total };
    },
  );
}
