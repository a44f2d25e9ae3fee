/**
 * Issue 34, beyond the site: `GET /oembed` and `GET /feeds/channels/{userName}` (contract/syndication.ts),
 * for anyone, signed in or not. Both answer public data only, so shared caches may keep them a minute.
 */
import { Type } from '@sinclair/typebox';
import { ChannelFeedParams, OEmbedQuery, OEmbedVideo } from '../../contract/syndication.js';
import { notFound } from '../errors.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { channelFeed, channelFeedXml } from './channel-feed.js';
import { oembedOf, videoIdOfUrl } from './oembed.js';
import { publicVideo } from './public-video.js';

const PUBLIC_MINUTE = 'public, max-age=60';

export const NOT_EMBEDDABLE = 'No public video has this URL';
export const CHANNEL_NOT_FOUND = 'Channel not found';
export const JSON_ONLY = 'Only the json format is offered';

export default async function syndicationRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/oembed',
    {
      schema: {
        tags: ['syndication'],
        summary: 'oEmbed 1.0: the embed code and preview of a public video URL',
        querystring: OEmbedQuery,
        response: { 200: OEmbedVideo, ...errorResponses(400, 404, 501) },
      },
    },
    async (request, reply) => {
      const { url, format, maxwidth, maxheight } = request.query;
      // oEmbed's own status for a format a provider does not offer.
      if (format !== undefined && format !== 'json') {
        return reply
          .code(501)
          .send({ statusCode: 501, data: null, message: JSON_ONLY, success: false });
      }
      const urls = mediaUrlsOf(request, ctx);
      const videoId = videoIdOfUrl(url, urls.origin);
      const video = videoId ? await publicVideo(ctx.db, videoId) : null;
      if (!video) throw notFound(NOT_EMBEDDABLE);
      reply.header('cache-control', PUBLIC_MINUTE);
      return oembedOf(video, urls, { maxwidth, maxheight });
    },
  );

  app.get(
    '/feeds/channels/:userName',
    {
      schema: {
        tags: ['syndication'],
        summary: "RSS 2.0 of a channel's newest public videos",
        params: ChannelFeedParams,
        produces: ['application/rss+xml'],
        // A string is sent as it is (no serializer runs for it): the XML below.
        response: { 200: Type.String({ description: 'RSS 2.0 XML' }), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const feed = await channelFeed(ctx.db, request.params.userName);
      if (!feed) throw notFound(CHANNEL_NOT_FOUND);
      const urls = mediaUrlsOf(request, ctx);
      const selfUrl = `${urls.origin}${request.url.split('?')[0]}`;
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', PUBLIC_MINUTE)
        .send(channelFeedXml(feed, urls, selfUrl));
    },
  );
}
