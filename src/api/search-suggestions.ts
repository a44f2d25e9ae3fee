/**
 * The search box's suggestions while typing (issue 31, `GET /search/suggestions`) and the promise
 * actor the suggestions machine is given. The machine stops the actor when the next key arrives,
 * which aborts the request through `signal`.
 */
import { fromPromise } from 'xstate';
import type { Suggestion, Suggestions } from '../../contract/search';
import { request } from './client';

export async function getSuggestions(text: string, signal?: AbortSignal): Promise<Suggestion[]> {
  const { suggestions } = await request<Suggestions>({
    method: 'GET',
    url: '/search/suggestions',
    params: { q: text },
    signal,
  });
  return suggestions;
}

export const searchSuggestActors = {
  fetchSuggestions: fromPromise<Suggestion[], { text: string }>(({ input, signal }) =>
    getSuggestions(input.text, signal),
  ),
};
export type SearchSuggestActors = typeof searchSuggestActors;
