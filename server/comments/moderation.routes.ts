/**
 * Issue 33's routes on the caller's channel (contract/conversation.ts): the review queue of held
 * comments, the held-words list and the blocked users. Mounted under /comments/moderation.
 */
import { Envelope } from '../../contract/common.js';
import {
  BlockState,
  BlockedUserList,
  BlockedUsersQuery,
  HeldCommentList,
  HeldCommentsQuery,
  HeldWords,
  HeldWordsBody,
  UserIdParams,
} from '../../contract/conversation.js';
import { callerId } from '../auth/plugin.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { listHeld } from './held-queue.js';
import { heldWordsOf, setHeldWords } from './held-words.js';
import { listBlocked, setBlocked } from './blocks.js';

const tags = ['comments'];
const security = [{ cookieAuth: [] }];

export default async function moderationRoutes(app: App, { ctx }: RouteOptions) {
  const signedIn = { onRequest: app.requireAuth };

  app.get(
    '/held',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "Held comments on the caller's videos, oldest first",
        querystring: HeldCommentsQuery,
        response: { 200: Envelope(HeldCommentList), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(
        await listHeld(ctx.db, callerId(request), request.query, mediaUrlsOf(request, ctx)),
        'Held comments fetched',
      ),
  );

  app.get(
    '/words',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "The channel's held words, alphabetical",
        response: { 200: Envelope(HeldWords), ...errorResponses(401) },
      },
    },
    async (request) =>
      ok({ words: await heldWordsOf(ctx.db, callerId(request)) }, 'Held words fetched'),
  );

  app.put(
    '/words',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "Replace the channel's held words (trimmed, lower-cased, without duplicates)",
        body: HeldWordsBody,
        response: { 200: Envelope(HeldWords), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(await setHeldWords(ctx.db, callerId(request), request.body.words), 'Held words saved'),
  );

  app.get(
    '/blocked',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Users blocked from commenting on the channel, most recent first',
        querystring: BlockedUsersQuery,
        response: { 200: Envelope(BlockedUserList), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(
        await listBlocked(ctx.db, callerId(request), request.query, mediaUrlsOf(request, ctx)),
        'Blocked users fetched',
      ),
  );

  for (const [method, blocked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/blocked/:userId',
      ...signedIn,
      schema: {
        tags,
        security,
        summary: blocked
          ? 'Block a user from commenting on the channel (their comments hidden to others)'
          : 'Unblock a user (their comments shown again)',
        params: UserIdParams,
        response: { 200: Envelope(BlockState), ...errorResponses(400, 401, 404) },
      },
      handler: async (request) =>
        ok(
          await setBlocked(ctx.db, callerId(request), request.params.userId, blocked),
          blocked ? 'User blocked' : 'User unblocked',
        ),
    });
  }
}
