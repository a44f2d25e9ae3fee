/**
 * Issue 31: `GET /search/suggestions?q=…`, completions while typing, for anyone (contract/search.ts).
 */
import { Envelope } from '../../contract/common.js';
import { Suggestions, SuggestionsQuery } from '../../contract/search.js';
import { requiredField } from '../errors.js';
import { ok } from '../http/envelope.js';
import type { App, RouteOptions } from '../http/app-types.js';
import { errorResponses } from '../http/route-helpers.js';
import type { FeedContext } from './feed-context.js';
import { normaliseTyped, suggest } from './suggestions.js';

export default async function suggestionsRoutes(app: App, { ctx }: RouteOptions<FeedContext>) {
  app.get(
    '/suggestions',
    {
      schema: {
        tags: ['search'],
        summary: "Completions of a search being typed: others' searches, titles, tags, channels",
        querystring: SuggestionsQuery,
        response: { 200: Envelope(Suggestions), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const typed = normaliseTyped(request.query.q);
      // The schema counts characters as sent; only spaces is nothing to complete.
      if (typed === '') throw requiredField('q');
      // Many people type the same first letters: one lookup per text and cache period serves
      // them all, and those typing it at the same moment share the one in flight.
      const body = await ctx.suggestionsCache.get(typed, async () =>
        JSON.stringify(
          ok({ suggestions: await suggest(ctx.statements, typed) }, 'Suggestions fetched'),
        ),
      );
      // `body` is the envelope serialized (sent as it is), as the feed route sends its own.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
}
