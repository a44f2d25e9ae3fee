/** API.md, Likes: like status of a video and like toggles of videos, comments and tweets. */
import { Envelope } from '../../contract/common.js';
import {
  CommentIdParams,
  LikeStatus,
  LikeToggle,
  TweetIdParams,
} from '../../contract/engagement.js';
import { VideoIdParams } from '../../contract/videos.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { toggleLike, videoLikeStatus } from './likes.js';
import { errorResponses } from '../http/route-helpers.js';

const tags = ['likes'];
const security = [{ cookieAuth: [] }];

export default async function likesRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/video/:videoId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "A video's like count and whether the caller likes it",
        params: VideoIdParams,
        response: { 200: Envelope(LikeStatus), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      ok(await videoLikeStatus(ctx.db, request.params.videoId, callerId(request)), 'Like status'),
  );

  app.post(
    '/toggle/v/:videoId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Like or unlike a video',
        params: VideoIdParams,
        response: { 200: Envelope(LikeToggle), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const data = await toggleLike(ctx, callerId(request), 'video', request.params.videoId);
      return ok(data, data.liked ? 'Video liked' : 'Video unliked');
    },
  );

  app.post(
    '/toggle/c/:commentId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Like or unlike a comment',
        params: CommentIdParams,
        response: { 200: Envelope(LikeToggle), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const data = await toggleLike(ctx, callerId(request), 'comment', request.params.commentId);
      return ok(data, data.liked ? 'Comment liked' : 'Comment unliked');
    },
  );

  app.post(
    '/toggle/t/:tweetId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Like or unlike a tweet',
        params: TweetIdParams,
        response: { 200: Envelope(LikeToggle), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const data = await toggleLike(ctx, callerId(request), 'tweet', request.params.tweetId);
      return ok(data, data.liked ? 'Tweet liked' : 'Tweet unliked');
    },
  );
}
