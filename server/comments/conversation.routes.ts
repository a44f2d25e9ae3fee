/**
 * Issue 33's routes on one comment or video (contract/conversation.ts): a thread's replies and a
 * new reply, the creator's pin, heart and approval, and comments off. Mounted under /comments.
 */
import { Envelope } from '../../contract/common.js';
import {
  CommentSettings,
  CommentSettingsBody,
  HeartState,
  PinState,
  RepliesQuery,
  ReplyBody,
  ReplyList,
} from '../../contract/conversation.js';
import { CommentIdParams } from '../../contract/engagement.js';
import { Comment } from '../../contract/shapes.js';
import { VideoIdParams } from '../../contract/videos.js';
import { callerId } from '../auth/plugin.js';
import { created, ok } from '../http/envelope.js';
import { multipartFieldsToBody } from '../http/multipart.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { addReply, listReplies } from './replies.js';
import { approveComment, setCommentsOff, setHearted, setPinned } from './creator-actions.js';

const tags = ['comments'];
const security = [{ cookieAuth: [] }];
const trimContent = normalizeFields({ trimKeepBlank: ['content'] });
const consumes = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const refusals = errorResponses(400, 401, 403, 404);

export default async function conversationRoutes(app: App, { ctx }: RouteOptions) {
  const signedIn = { onRequest: app.requireAuth };

  app.get(
    '/c/:commentId/replies',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "A comment's replies, oldest first",
        params: CommentIdParams,
        querystring: RepliesQuery,
        response: { 200: Envelope(ReplyList), ...refusals },
      },
    },
    async (request) =>
      ok(
        await listReplies(
          ctx,
          request.params.commentId,
          callerId(request),
          request.query,
          mediaUrlsOf(request, ctx),
        ),
        'Replies fetched',
      ),
  );

  app.post(
    '/c/:commentId/replies',
    {
      ...signedIn,
      preValidation: [multipartFieldsToBody, trimContent],
      schema: {
        tags,
        security,
        summary: "Reply to a comment or reply (a reply to a reply joins its comment's thread)",
        consumes,
        params: CommentIdParams,
        body: ReplyBody,
        response: { 201: Envelope(Comment), ...refusals },
      },
    },
    async (request, reply) => {
      const comment = await addReply(
        ctx,
        request.params.commentId,
        callerId(request),
        request.body.content,
        mediaUrlsOf(request, ctx),
      );
      return reply.status(201).send(created(comment, 'Reply added'));
    },
  );

  for (const [method, pinned] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/c/:commentId/pin',
      ...signedIn,
      schema: {
        tags,
        security,
        summary: pinned ? "Pin a comment on the caller's video" : 'Unpin a comment',
        params: CommentIdParams,
        response: { 200: Envelope(PinState), ...refusals },
      },
      handler: async (request) =>
        ok(
          await setPinned(ctx.db, request.params.commentId, callerId(request), pinned),
          pinned ? 'Comment pinned' : 'Comment unpinned',
        ),
    });
    app.route({
      method,
      url: '/c/:commentId/heart',
      ...signedIn,
      schema: {
        tags,
        security,
        summary: pinned ? "Heart a comment on the caller's video" : 'Take the heart back',
        params: CommentIdParams,
        response: { 200: Envelope(HeartState), ...refusals },
      },
      handler: async (request) =>
        ok(
          await setHearted(ctx, request.params.commentId, callerId(request), pinned),
          pinned ? 'Comment hearted' : 'Heart removed',
        ),
    });
  }

  app.post(
    '/c/:commentId/approve',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "Publish a held comment on the caller's video",
        params: CommentIdParams,
        response: { 200: Envelope(Comment), ...refusals },
      },
    },
    async (request) =>
      ok(
        await approveComment(
          ctx,
          request.params.commentId,
          callerId(request),
          mediaUrlsOf(request, ctx),
        ),
        'Comment approved',
      ),
  );

  app.patch(
    '/:videoId/settings',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "Turn comments off or on for the caller's video",
        params: VideoIdParams,
        body: CommentSettingsBody,
        response: { 200: Envelope(CommentSettings), ...refusals },
      },
    },
    async (request) => {
      const data = await setCommentsOff(
        ctx.db,
        request.params.videoId,
        callerId(request),
        request.body.commentsOff,
      );
      return ok(data, data.commentsOff ? 'Comments turned off' : 'Comments turned on');
    },
  );
}
