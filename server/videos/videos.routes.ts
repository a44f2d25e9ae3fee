/**
 * API.md, Videos: feed, own videos, upload, watch, edit, delete, publish toggle; resumable uploads
 * (uploads.ts) and the adaptive-streaming conversion (video-processing.ts) are registered inside.
 */
import { EmptyObject, Envelope } from '../../contract/common.js';
import { VideoItem } from '../../contract/shapes.js';
import {
  OwnVideoList,
  OwnVideosQuery,
  PopularTags,
  PopularTagsQuery,
  VideoDetail,
  VideoEditBody,
  VideoFeedQuery,
  VideoIdParams,
  VideoList,
  VideoUploadBody,
} from '../../contract/videos.js';
import { callerId, sessionClaimOf } from '../auth/plugin.js';
import { created, ok } from '../http/envelope.js';
import { IMAGE_RULE, fileRule } from '../http/multipart.js';
import {
  cleanupMultipartBody,
  receiveMultipartBody,
  receivedFiles,
} from '../http/multipart-body.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { feedAnswer } from '../feed/feed-answer.http.js';
import { popularTags } from '../feed/popular-tags.js';
import { listOwnVideos } from '../feed/video-feed.js';
import {
  deleteVideo,
  editVideo,
  togglePublish,
  videoItemById,
} from './video-lifecycle.js';
import { uploadVideo } from './video-upload.js';
import { watchVideo } from './video-watch.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { announceFeedWrites } from '../http/feed-writes.js';
import uploadsRoutes from '../uploads/uploads.routes.js';
import videoProcessingRoutes from './video-processing.routes.js';

const tags = ['videos'];
const security = [{ cookieAuth: [] }];
/** Stored trimmed; an edit's blank title stays blank so the schema refuses it as empty. */
const trimVideoText = normalizeFields({ trimKeepBlank: ['title', 'description'] });

export default async function videosRoutes(app: App, { ctx }: RouteOptions) {
  // Writes that change public pages clear every replica's feed cache (feed/feed-changes.ts).
  const feedWrite = announceFeedWrites(ctx);

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

  app.post(
    '/',
    {
      onRequest: app.requireAuth,
      preValidation: [
        receiveMultipartBody(ctx.tmpDir, {
          // Read per request: the limit follows the config (MAX_VIDEO_BYTES) as it is now.
          get videoFile() {
            return fileRule(ctx.config.maxVideoBytes);
          },
          thumbnail: IMAGE_RULE,
        }),
        trimVideoText,
      ],
      onSend: [cleanupMultipartBody, feedWrite],
      schema: {
        tags,
        security,
        summary: 'Upload a video (multipart: title, description, tags, thumbnail, videoFile)',
        consumes: ['multipart/form-data'],
        body: VideoUploadBody,
        response: { 201: Envelope(VideoItem), ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const input = { fields: request.body, files: receivedFiles(request) };
      const id = await uploadVideo(ctx, callerId(request), input);
      const video = await videoItemById(ctx.db, id, mediaUrlsOf(request, ctx));
      return reply.status(201).send(created(video, 'Video uploaded'));
    },
  );

  app.patch(
    '/toggle/publish/:videoId',
    {
      onRequest: app.requireAuth,
      onSend: feedWrite,
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
      await togglePublish(ctx, videoId, callerId(request));
      const video = await videoItemById(ctx.db, videoId, mediaUrlsOf(request, ctx));
      return ok(video, video.isPublished ? 'Video published' : 'Video unpublished');
    },
  );

  app.get(
    '/:videoId',
    {
      // Its statement checks the session (videos/video-watch.ts): one round trip per watch.
      config: { sessionCheckedInQuery: true },
      onRequest: app.requireSessionClaim,
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
        ctx.statements,
        ctx.viewCounter,
        request.params.videoId,
        sessionClaimOf(request),
        mediaUrlsOf(request, ctx),
      );
      return ok(video, 'Video fetched');
    },
  );

  app.patch(
    '/:videoId',
    {
      onRequest: app.requireAuth,
      preValidation: [
        receiveMultipartBody(ctx.tmpDir, { thumbnail: IMAGE_RULE }, { allowOtherBodies: true }),
        // A PATCH without a body changes nothing, as an empty object does.
        async (request) => {
          request.body ??= {};
        },
        trimVideoText,
      ],
      onSend: [cleanupMultipartBody, feedWrite],
      schema: {
        tags,
        security,
        summary: 'Edit an own video (multipart or JSON; the thumbnail is kept when none is sent)',
        consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
        params: VideoIdParams,
        body: VideoEditBody,
        response: { 200: Envelope(VideoItem), ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { videoId } = request.params;
      const input = { fields: request.body, files: receivedFiles(request) };
      await editVideo(ctx, videoId, callerId(request), input);
      const item = await videoItemById(ctx.db, videoId, mediaUrlsOf(request, ctx));
      return ok(item, 'Video updated');
    },
  );

  app.delete(
    '/:videoId',
    {
      onRequest: app.requireAuth,
      onSend: feedWrite,
      schema: {
        tags,
        security,
        summary: 'Delete an own video with its file, thumbnail, likes, comments and history rows',
        params: VideoIdParams,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteVideo(ctx, request.params.videoId, callerId(request));
      return ok({}, 'Video deleted');
    },
  );

  await app.register(uploadsRoutes, { ctx, prefix: '/uploads' });
  await app.register(videoProcessingRoutes, { ctx });
}
