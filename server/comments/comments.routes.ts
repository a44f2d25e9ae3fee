/** API.md, Comments: list and add on a video; edit and delete one's own. */
import { EmptyObject, Envelope } from '../../contract/common.js';
import {
  CommentBody,
  CommentIdParams,
  CommentList,
  CommentsQuery,
} from '../../contract/engagement.js';
import { Comment } from '../../contract/shapes.js';
import { VideoIdParams } from '../../contract/videos.js';
import { callerId } from '../auth/plugin.js';
import { created, ok } from '../http/envelope.js';
import { multipartFieldsToBody } from '../http/multipart.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { addComment, deleteComment, editComment, listComments } from './comments.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';

const tags = ['comments'];
/** Stored trimmed; blank text stays so the schema refuses it as empty. */
const trimContent = normalizeFields({ trimKeepBlank: ['content'] });
const security = [{ cookieAuth: [] }];
const consumes = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

export default async function commentsRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/:videoId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary:
          "A video's comments (not replies), newest first or top; the pinned one first on page 1",
        params: VideoIdParams,
        querystring: CommentsQuery,
        response: { 200: Envelope(CommentList), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const data = await listComments(
        ctx,
        request.params.videoId,
        callerId(request),
        request.query,
        mediaUrlsOf(request, ctx),
      );
      return ok(data, 'Comments fetched');
    },
  );

  app.post(
    '/:videoId',
    {
      onRequest: app.requireAuth,
      preValidation: [multipartFieldsToBody, trimContent],
      schema: {
        tags,
        security,
        summary:
          'Comment on a video (1…2000 characters after trimming); held when it has a held word',
        consumes,
        params: VideoIdParams,
        body: CommentBody,
        response: { 201: Envelope(Comment), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const comment = await addComment(
        ctx,
        request.params.videoId,
        callerId(request),
        request.body.content,
        mediaUrlsOf(request, ctx),
      );
      return reply.status(201).send(created(comment, 'Comment added'));
    },
  );

  app.patch(
    '/c/:commentId',
    {
      onRequest: app.requireAuth,
      preValidation: [multipartFieldsToBody, trimContent],
      schema: {
        tags,
        security,
        summary: 'Edit an own comment or reply',
        consumes,
        params: CommentIdParams,
        body: CommentBody,
        response: { 200: Envelope(Comment), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const comment = await editComment(
        ctx,
        request.params.commentId,
        callerId(request),
        request.body.content,
        mediaUrlsOf(request, ctx),
      );
      return ok(comment, 'Comment updated');
    },
  );

  app.delete(
    '/c/:commentId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary:
          "Delete an own comment or reply, or any on the caller's video (a tombstone while replies remain)",
        params: CommentIdParams,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteComment(ctx.db, request.params.commentId, callerId(request));
      return ok({}, 'Comment deleted');
    },
  );
}
