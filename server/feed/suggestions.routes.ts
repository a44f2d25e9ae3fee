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
    async (request) => {
      const typed = normaliseTyped(request.query.q);
      // The schema counts characters as sent; only spaces is nothing to complete.
      if (typed === '') throw requiredField('q');
      return ok({ suggestions: await suggest(ctx.statements, typed) }, 'Suggestions fetched');
    },
  );
}
