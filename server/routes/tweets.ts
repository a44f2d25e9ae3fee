/** API.md, Tweets: a user's tweets, and posting, editing and deleting one's own. */
import { Type } from '@sinclair/typebox';
import { EmptyObject, Envelope } from '../../contract/common.js';
import { TweetIdParams } from '../../contract/engagement.js';
import { Tweet, TweetBody, TweetsQuery, TweetUserParams } from '../../contract/tweets.js';
import { callerId } from '../auth/plugin.js';
import { created, ok } from '../http/envelope.js';
import { multipartFieldsToBody } from '../http/multipart.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../app-types.js';
import { deleteTweet, editTweet, postTweet } from '../services/tweet-edits.js';
import { listUserTweets } from '../services/tweets.js';
import { errorResponses, mediaUrlsOf } from './route-helpers.js';
import { setTotalCount, withTotalCount } from './total-count.js';

const tags = ['tweets'];
const security = [{ cookieAuth: [] }];
const consumes = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
/** The 1…280 limit counts the trimmed text; blank content is missing content. */
const readContent = [multipartFieldsToBody, normalizeFields({ trim: ['content'] })];

export default async function tweetsRoutes(app: App, { ctx }: RouteOptions) {
  app.get(
    '/user/:userId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "A user's tweets, newest first, with like state (total in X-Total-Count)",
        params: TweetUserParams,
        querystring: TweetsQuery,
        response: {
          200: withTotalCount(Envelope(Type.Array(Tweet))),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { tweets, total } = await listUserTweets(
        ctx.db,
        request.params.userId,
        callerId(request),
        request.query,
        mediaUrlsOf(request, ctx),
      );
      setTotalCount(reply, total);
      return ok(tweets, 'Tweets fetched');
    },
  );

  app.post(
    '/',
    {
      onRequest: app.requireAuth,
      preValidation: readContent,
      schema: {
        tags,
        security,
        summary: 'Post a tweet (1…280 characters after trimming)',
        consumes,
        body: TweetBody,
        response: { 201: Envelope(Tweet), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const tweet = await postTweet(
        ctx.db,
        callerId(request),
        request.body.content,
        mediaUrlsOf(request, ctx),
      );
      return reply.status(201).send(created(tweet, 'Tweet posted'));
    },
  );

  app.patch(
    '/:tweetId',
    {
      onRequest: app.requireAuth,
      preValidation: readContent,
      schema: {
        tags,
        security,
        summary: 'Edit an own tweet',
        consumes,
        params: TweetIdParams,
        body: TweetBody,
        response: { 200: Envelope(Tweet), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const tweet = await editTweet(
        ctx.db,
        request.params.tweetId,
        callerId(request),
        request.body.content,
        mediaUrlsOf(request, ctx),
      );
      return ok(tweet, 'Tweet updated');
    },
  );

  app.delete(
    '/:tweetId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete an own tweet (and its likes)',
        params: TweetIdParams,
        response: { 200: Envelope(EmptyObject), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteTweet(ctx.db, request.params.tweetId, callerId(request));
      return ok({}, 'Tweet deleted');
    },
  );
}
