/**
 * GET /subscriptions/videos (issue 23, an addition to API.md): the newest videos of the channels
 * the caller subscribes to. Registered under the /subscriptions prefix.
 */
import { Envelope } from '../../contract/common.js';
import { SubscriptionFeedQuery, VideoList } from '../../contract/videos.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { subscriptionFeed } from './subscription-feed.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';

export default async function subscriptionFeedRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/videos',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['subscriptions'],
        security: [{ cookieAuth: [] }],
        summary:
          'Newest published videos of the channels the caller subscribes to (1 000 deep; totalVideos is a lower bound)',
        querystring: SubscriptionFeedQuery,
        response: { 200: Envelope(VideoList), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(
        await subscriptionFeed(ctx.db, callerId(request), request.query, mediaUrlsOf(request, ctx)),
        'Subscription feed fetched',
      ),
  );
}
