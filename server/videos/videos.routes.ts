/**
 * API.md, Videos: upload, watch, edit, delete, publish toggle. The feed, own videos and popular
 * tags under the same prefix are feed/feed.routes.ts; resumable uploads uploads/uploads.routes.ts;
 * the adaptive-streaming conversion video-processing.routes.ts (all registered by app.ts).
 */
import { EmptyObject, Envelope } from '../../contract/common.js';
import { VideoItem } from '../../contract/shapes.js';
import { VISIBILITY_MESSAGES, VisibilityBody } from '../../contract/video-visibility.js';
import {
  OwnVideoItem,
  VideoDetail,
  VideoEditBody,
  VideoIdParams,
  VideoUploadBody,
} from '../../contract/videos.js';
import { callerId, sessionClaimOf } from '../auth/plugin.js';
import { assertMayUpload } from '../accounts/index.js';
import { created, ok } from '../http/envelope.js';
import { IMAGE_RULE, fileRule } from '../http/multipart.js';
import {
  cleanupMultipartBody,
  receiveMultipartBody,
  receivedFiles,
} from '../http/multipart-body.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../http/app-types.js';
import type { VideosContext } from './videos-context.js';
import { deleteVideo, editVideo, videoItemById } from './video-lifecycle.js';
import { setVisibility, togglePublish } from './video-visibility.js';
import { ownVideoItem } from './own-video-item.js';
import { uploadVideo } from './video-upload.js';
import { watchVideo } from './video-watch.js';
import { WatchQuery } from '../../contract/video-analytics.js'; // issue 34: sources
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { announceFeedWrites } from '../http/feed-writes.js';

const tags = ['videos'];
const security = [{ cookieAuth: [] }];
/** Stored trimmed; an edit's blank title stays blank so the schema refuses it as empty. */
const trimVideoText = normalizeFields({ trimKeepBlank: ['title', 'description'] });

export default async function videosRoutes(app: App, { ctx }: RouteOptions<VideosContext>) {
  // Writes that change public pages clear every replica's feed cache (feed/feed-changes.ts).
  const feedWrite = announceFeedWrites(ctx);

  app.post(
    '/',
    {
      // Before the body is read: a refused upload streams nothing to disk.
      onRequest: [app.requireAuth, (request) => assertMayUpload(ctx, callerId(request))],
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
        response: { 201: Envelope(VideoItem), ...errorResponses(400, 401, 403, 413, 415) },
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
      await togglePublish(ctx, videoId, callerId(request), request.log);
      const video = await videoItemById(ctx.db, videoId, mediaUrlsOf(request, ctx));
      return ok(video, video.isPublished ? 'Video published' : 'Video unpublished');
    },
  );

  // Issue 34: public, unlisted or private, and a scheduled publication (video-visibility.ts).
  app.patch(
    '/:videoId/visibility',
    {
      onRequest: app.requireAuth,
      onSend: feedWrite,
      schema: {
        tags,
        security,
        summary: 'Set an own video public, unlisted or private, or schedule its publication',
        params: VideoIdParams,
        body: VisibilityBody,
        response: { 200: Envelope(OwnVideoItem), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { videoId } = request.params;
      await setVisibility(ctx, videoId, callerId(request), request.body, request.log);
      const video = await ownVideoItem(ctx.db, videoId, mediaUrlsOf(request, ctx));
      const message = video.publishAt
        ? VISIBILITY_MESSAGES.scheduled
        : VISIBILITY_MESSAGES[video.visibility ?? 'public'];
      return ok(video, message);
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
        querystring: WatchQuery, // issue 34: sources
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
        request.query.source, // issue 34: sources
      );
      return ok(video, 'Video fetched');
    },
  );

  app.patch(
    '/:videoId',
    {
      // Before the body is read: a refused upload streams nothing to disk.
      onRequest: [app.requireAuth, (request) => assertMayUpload(ctx, callerId(request))],
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
}
