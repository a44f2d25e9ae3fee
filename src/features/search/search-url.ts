/**
 * The search page's URL (issue 31): `/search?query=bread&uploaded=week&duration=short&sort=views`
 * (contract/search.ts, SEARCH_URL_KEYS). Every filter lives in the URL, so a search is shareable
 * and Back returns to the same results. Unknown values are ignored, not refused: a hand-edited
 * link still searches.
 */
import { DURATIONS, SEARCH_SORTS, UPLOAD_DATES } from '../../../contract/search';
import type { SearchFilters } from '../../../machines/search-filters';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

export function parseSearchUrl(search: string): { query: string; filters: SearchFilters } {
  const params = new URLSearchParams(search);
  const sort = oneOf(SEARCH_SORTS, params.get('sort'));
  return {
    query: params.get('query') ?? '',
    filters: {
      uploaded: oneOf(UPLOAD_DATES, params.get('uploaded')),
      duration: oneOf(DURATIONS, params.get('duration')),
      sort: sort === 'relevance' ? undefined : sort,
      exact: params.get('exact') === '1' || undefined,
    },
  };
}

/** The search page's address for `query` with `filters` (unset ones and relevance left out). */
export function searchHref(query: string, filters: SearchFilters = {}): string {
  const params = new URLSearchParams({ query });
  if (filters.uploaded) params.set('uploaded', filters.uploaded);
  if (filters.duration) params.set('duration', filters.duration);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.exact) params.set('exact', '1');
  return `/search?${params.toString()}`;
}
