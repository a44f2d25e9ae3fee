/**
 * GET /search/channels (contract/search.ts): the channels a search names, for the card above the
 * search page's videos. Signing in is optional: a visitor's `isSubscribed` is false.
 */
import { Envelope } from '../../contract/common.js';
import { ChannelResults, ChannelSearchQuery } from '../../contract/search.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { searchChannels } from './channel-search.js';

export default async function channelSearchRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/channels',
    {
      schema: {
        tags: ['search'],
        security: [{ cookieAuth: [] }, {}],
        summary: 'Channels a search names: exact names first, then prefixes and close names',
        querystring: ChannelSearchQuery,
        response: { 200: Envelope(ChannelResults), ...errorResponses(400) },
      },
    },
    async (request) => {
      const channels = await searchChannels(
        ctx.db,
        request.query.query,
        request.auth?.userId ?? null,
        mediaUrlsOf(request, ctx),
      );
      return ok({ channels }, 'Channels fetched');
    },
  );
}
