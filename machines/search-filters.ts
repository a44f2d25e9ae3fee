/**
 * The search page's filters and sort (issue 31, contract/search.ts) as the search machine holds
 * them, and the API parameters they become. Pure data: the page's URL reads and writes the same
 * values (src/features/search/search-url.ts).
 */
import {
  SORT_BY_OF_SEARCH_SORT,
  type DurationFilter,
  type SearchSort,
  type UploadDate,
} from '../contract/search.js';
import type { PagerParams } from './pager.types.js';

export interface SearchFilters {
  uploaded?: UploadDate | undefined;
  duration?: DurationFilter | undefined;
  /** Absent: relevance. */
  sort?: Exclude<SearchSort, 'relevance'> | undefined;
  /** Search exactly what was typed: no spelling correction. */
  exact?: boolean | undefined;
}

export const NO_FILTERS: SearchFilters = {};

/** True when a filter narrows the videos (the sort and `exact` narrow nothing). */
export const narrowsVideos = (f: SearchFilters) => Boolean(f.uploaded || f.duration);

export function sameFilters(a: SearchFilters, b: SearchFilters): boolean {
  return (
    a.uploaded === b.uploaded &&
    a.duration === b.duration &&
    a.sort === b.sort &&
    Boolean(a.exact) === Boolean(b.exact)
  );
}

/** The pager's params for a search: the API's names (GET /videos), unset ones left out. */
export function searchParams(query: string, f: SearchFilters): PagerParams {
  const params: Record<string, string | boolean> = { query };
  if (f.uploaded) params.uploaded = f.uploaded;
  if (f.duration) params.duration = f.duration;
  const sortBy = f.sort ? SORT_BY_OF_SEARCH_SORT[f.sort] : undefined;
  if (sortBy) params.sortBy = sortBy;
  if (f.exact) params.exact = true;
  return params;
}
