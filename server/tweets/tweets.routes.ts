/** API.md, Tweets: a user's tweets, and posting, editing and deleting one's own. */
import { EmptyObject, Envelope } from '../../contract/common.js';
import { TweetIdParams } from '../../contract/engagement.js';
import { Tweet, TweetBody, TweetsQuery, TweetUserParams } from '../../contract/tweets.js';
import { callerId } from '../auth/plugin.js';
import { created, ok } from '../http/envelope.js';
import { multipartFieldsToBody } from '../http/multipart.js';
import { normalizeFields } from '../http/normalize-fields.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { deleteTweet, editTweet, postTweet } from './tweet-edits.js';
import { listUserTweets } from './tweets.js';
import { errorResponses, mediaUrlsOf } from '../http/route-helpers.js';
import { countedListRoute } from '../http/counted-list.js';

const tags = ['tweets'];
const security = [{ cookieAuth: [] }];
const consumes = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
/** The 1…280 limit counts the trimmed text; blank content is missing content. */
const readContent = [multipartFieldsToBody, normalizeFields({ trim: ['content'] })];

export default async function tweetsRoutes(app: App, { ctx }: RouteOptions) {
  countedListRoute(
    app,
    '/user/:userId',
    {
      tags,
      security,
      summary: "A user's tweets, newest first, with like state",
      params: TweetUserParams,
      querystring: TweetsQuery,
      item: Tweet,
      message: 'Tweets fetched',
    },
    async ({ params, query, request }) => {
      const { tweets, total } = await listUserTweets(
        ctx.db,
        params.userId,
        callerId(request),
        query,
        mediaUrlsOf(request, ctx),
      );
      return { items: tweets, total };
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
