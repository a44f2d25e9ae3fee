/** The embeddable player's public read (contract/embed.ts). */
import { Envelope } from '../../contract/common.js';
import { EmbedVideo } from '../../contract/embed.js';
import { VideoIdParams } from '../../contract/videos.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { embedVideo } from './embed.js';

export default async function embedRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/:videoId',
    {
      schema: {
        tags: ['embed'],
        summary: 'A video for the embeddable player (no sign-in; public videos only)',
        params: VideoIdParams,
        response: { 200: Envelope(EmbedVideo), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const video = await embedVideo(ctx.db, request.params.videoId, mediaUrlsOf(request, ctx));
      return ok(video, 'Video fetched successfully');
    },
  );
}
