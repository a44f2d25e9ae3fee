/**
 * API.md, Videos: the feed (channel, tag and ranked full-text search), the caller's own videos and
 * the popular tags, under `/videos` beside the videos domain's routes.
 */
import { Envelope } from '../../contract/common.js';
import {
  OwnVideoList,
  OwnVideosQuery,
  PopularTags,
  PopularTagsQuery,
  VideoFeedQuery,
  VideoList,
} from '../../contract/videos.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { feedAnswer, feedFiltersOf } from './feed-answer.http.js';
import type { FeedContext } from './feed-context.js';
import { popularTags } from './popular-tags.js';
import { listOwnVideos } from './video-feed.js';

const tags = ['videos'];
const security = [{ cookieAuth: [] }];

export default async function feedRoutes(app: App, { ctx }: RouteOptions<FeedContext>) {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'Published videos: feed, channel, tag, upload date and duration filters, ranked full-text search with spelling correction',
        querystring: VideoFeedQuery,
        response: { 200: Envelope(VideoList), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const filters = feedFiltersOf(request.query);
      const body = await feedAnswer(ctx, filters, mediaUrlsOf(request, ctx));
      // `body` is the envelope already serialized (strings are sent as they are); the typed reply
      // only knows the object form of the schema.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/tags/popular',
    {
      schema: {
        tags,
        summary: 'The most used tags of published videos (chips for visitors and new accounts)',
        querystring: PopularTagsQuery,
        response: { 200: Envelope(PopularTags), ...errorResponses(400) },
      },
    },
    async (request) => {
      const data = { tags: await popularTags(ctx.db, request.query.limit) };
      return ok(data, 'Popular tags fetched');
    },
  );

  app.get(
    '/user',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "The caller's own videos, published or not, newest first",
        querystring: OwnVideosQuery,
        response: { 200: Envelope(OwnVideoList), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const data = await listOwnVideos(
        ctx.db,
        callerId(request),
        page,
        limit,
        mediaUrlsOf(request, ctx),
      );
      return ok(data, 'Videos fetched');
    },
  );
}
