/**
 * The channels a user subscribes to: the caller's (API.md's GET /subscriptions) and any user's
 * (GET /subscriptions/u/{subscriberId}, the path the spec leaves unnamed). Registered under the
 * /subscriptions prefix beside channels/subscriptions.routes.ts.
 */
import { SubscribedChannel } from '../../contract/engagement.js';
import { SubscribedChannelsQuery, SubscriberIdParams } from '../../contract/subscribed-channels.js';
import { callerId } from '../auth/plugin.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { listSubscribedChannels } from './subscribed-channels.js';
import { mediaUrlsOf } from '../http/route-helpers.js';
import { countedListRoute } from '../http/counted-list.js';

const tags = ['subscriptions'];
const security = [{ cookieAuth: [] }];
const list = {
  tags,
  security,
  querystring: SubscribedChannelsQuery,
  item: SubscribedChannel,
  message: 'Subscriptions fetched',
};

export default async function subscribedChannelsRoutes(app: App, { ctx }: RouteOptions) {
  countedListRoute(
    app,
    '/',
    { ...list, summary: 'Channels the caller subscribes to, most recent first' },
    async ({ query, request }) => {
      const { channels, total } = await listSubscribedChannels(
        ctx.db,
        callerId(request),
        query,
        mediaUrlsOf(request, ctx),
      );
      return { items: channels, total };
    },
  );

  countedListRoute(
    app,
    '/u/:subscriberId',
    {
      ...list,
      summary: 'Channels a given user subscribes to, most recent first',
      params: SubscriberIdParams,
    },
    async ({ params, query, request }) => {
      const { channels, total } = await listSubscribedChannels(
        ctx.db,
        params.subscriberId,
        query,
        mediaUrlsOf(request, ctx),
      );
      return { items: channels, total };
    },
  );
}
