/** API.md, Videos: feed, own videos, upload, watch, edit, delete, publish toggle, history removal. */
import { Type } from '@sinclair/typebox';
import { EmptyObject, Envelope } from '../../contract/common.js';
import { VideoItem } from '../../contract/shapes.js';
import {
  DeletedCount,
  OwnVideosQuery,
  VideoDetail,
  VideoFeedQuery,
  VideoFormFields,
  VideoIdParams,
  VideoList,
} from '../../contract/videos.js';
import { callerId } from '../auth/plugin.js';
import { created, ok } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import type { App, RouteOptions } from '../http/types.js';
import { clearHistory, removeFromHistory } from '../services/history.js';
import { readVideoEdit, uploadVideo } from '../services/upload.js';
import {
  deleteFilesIfUnused,
  deleteVideo,
  findOwnedVideo,
  listFeed,
  listOwnVideos,
  togglePublish,
  updateVideo,
  videoItemById,
  watchVideo,
} from '../services/videos.js';
import { FeedCache } from '../services/feed-cache.js';
import { errorResponses, mediaUrlsOf, multipartValidator } from './route-helpers.js';

const tags = ['videos'];
const security = [{ cookieAuth: [] }];

export default async function videosRoutes(app: App, { ctx }: RouteOptions) {
  // Holds the serialized response: a cache hit costs no query and no serialization.
  const feedCache = new FeedCache<string>(ctx.config.feedCacheMs);
  // Any successful video write through this replica shows in the feed at once.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      feedCache.clear();
    }
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Published videos: feed, channel, tag and ranked full-text search',
        querystring: VideoFeedQuery,
        response: { 200: Envelope(VideoList), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const filters = {
        userId: q.userId || undefined,
        query: q.query?.trim() || undefined,
        tag: q.tag?.trim().toLowerCase() || undefined,
        sortBy: q.sortBy,
        sortType: q.sortType,
        page: q.page,
        limit: q.limit,
      };
      const urls = mediaUrlsOf(request, ctx);
      // Media URLs depend on the origin the caller used, so it is part of the key.
      const key = JSON.stringify([urls.origin, filters]);
      const body = await feedCache.get(key, async () =>
        JSON.stringify(ok(await listFeed(ctx.db, filters, urls), 'Videos fetched')),
      );
      // `body` is the envelope already serialized (strings are sent as they are); the typed reply
      // only knows the object form of the schema.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/user',
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "The caller's own videos, published or not, newest first",
        querystring: OwnVideosQuery,
        response: { 200: Envelope(VideoList), ...errorResponses(400, 401) },
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

  app.post(
    '/',
    {
      preHandler: app.requireAuth,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        security,
        summary: 'Upload a video (multipart: title, description, tags, thumbnail, videoFile)',
        consumes: ['multipart/form-data'],
        body: Type.Composite([
          VideoFormFields,
          Type.Object({
            thumbnail: Type.Optional(Type.String({ format: 'binary' })),
            videoFile: Type.String({ format: 'binary' }),
          }),
        ]),
        response: { 201: Envelope(VideoItem), ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const id = await uploadVideo(ctx, request, callerId(request));
      const video = await videoItemById(ctx.db, id, mediaUrlsOf(request, ctx));
      return reply.status(201).send(created(video, 'Video uploaded'));
    },
  );

  app.delete(
    '/watch-history',
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "Clear the caller's watch history",
        response: { 200: Envelope(DeletedCount), ...errorResponses(401) },
      },
    },
    async (request) => {
      const deletedCount = await clearHistory(ctx.db, callerId(request));
      return ok({ deletedCount }, 'Watch history cleared');
    },
  );

  app.delete(
    '/watch-history/:videoId',
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "Remove one video from the caller's watch history",
        params: VideoIdParams,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const removed = await removeFromHistory(ctx.db, callerId(request), request.params.videoId);
      if (!removed) throw notFound('Video not found in watch history');
      return ok({}, 'Video removed from watch history');
    },
  );

  app.patch(
    '/toggle/publish/:videoId',
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Publish or unpublish an own video',
        params: VideoIdParams,
        response: { 200: Envelope(VideoItem), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { videoId } = request.params;
      await findOwnedVideo(ctx.db, videoId, callerId(request));
      await togglePublish(ctx.db, videoId);
      const video = await videoItemById(ctx.db, videoId, mediaUrlsOf(request, ctx));
      return ok(video, video.isPublished ? 'Video published' : 'Video unpublished');
    },
  );

  app.get(
    '/:videoId',
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Watch a video: records history and counts a view (once per viewer per hour)',
        params: VideoIdParams,
        response: { 200: Envelope(VideoDetail), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const video = await watchVideo(
        ctx.db,
        request.params.videoId,
        callerId(request),
        mediaUrlsOf(request, ctx),
      );
      return ok(video, 'Video fetched');
    },
  );

  app.patch(
    '/:videoId',
    {
      preHandler: app.requireAuth,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        security,
        summary: 'Edit an own video (multipart or JSON; the thumbnail is kept when none is sent)',
        consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
        params: VideoIdParams,
        body: Type.Composite([
          Type.Partial(VideoFormFields),
          Type.Object({ thumbnail: Type.Optional(Type.String({ format: 'binary' })) }),
        ]),
        response: { 200: Envelope(VideoItem), ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { videoId } = request.params;
      // Ownership first: a stranger's form is never processed.
      const video = await findOwnedVideo(ctx.db, videoId, callerId(request));
      const { changes, thumbnailKey } = await readVideoEdit(ctx, request);
      try {
        await updateVideo(ctx.db, videoId, { ...changes, thumbnailKey });
      } catch (error) {
        if (thumbnailKey) await ctx.storage.delete(thumbnailKey);
        throw error;
      }
      if (thumbnailKey) await deleteFilesIfUnused(ctx.db, ctx.storage, [video.thumbnailKey]);
      const item = await videoItemById(ctx.db, videoId, mediaUrlsOf(request, ctx));
      return ok(item, 'Video updated');
    },
  );

  app.delete(
    '/:videoId',
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete an own video with its file, thumbnail, likes, comments and history rows',
        params: VideoIdParams,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const video = await findOwnedVideo(ctx.db, request.params.videoId, callerId(request));
      await deleteVideo(ctx.db, ctx.storage, video);
      return ok({}, 'Video deleted');
    },
  );
}
