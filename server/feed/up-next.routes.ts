/**
 * `GET /videos/{videoId}/up-next` (contract/search.ts): what plays after a video. Signing in is
 * optional: a visitor gets a public video's list (the watch route is behind the sign-in guard in
 * the SPA, but the list is public data); a signed-in caller's list leaves out what they finished.
 */
import { Envelope } from '../../contract/common.js';
import { UpNext, UpNextParams, UpNextQuery } from '../../contract/search.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import type { FeedContext } from './feed-context.js';
import { upNext } from './up-next.js';

export default async function upNextRoutes(app: App, { ctx }: RouteOptions<FeedContext>) {
  app.get(
    '/:videoId/up-next',
    {
      schema: {
        tags: ['videos'],
        summary: 'Up next: videos to watch after this one (co-watched, shared tags, same channel)',
        params: UpNextParams,
        querystring: UpNextQuery,
        response: { 200: Envelope(UpNext), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const data = await upNext(
        ctx.statements,
        request.params.videoId,
        request.auth?.userId ?? null,
        request.query.limit,
        mediaUrlsOf(request, ctx),
      );
      return ok(data, 'Up next fetched');
    },
  );
}
