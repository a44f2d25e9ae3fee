/**
 * The HTML of `/search?query=…` preloads the first result's thumbnail (issue 35), the page's
 * largest paint, so it loads beside the scripts instead of after the search's API answer. The
 * search is the one the page then asks (`GET /videos` with the page's filters, page 1): read
 * through the feed cache with the API route's own filters (feedFiltersOf), so the page's call is
 * answered from the cache. Public data, the same for anyone.
 */
import { PAGE_SIZE } from '../../contract/limits.js';
import {
  DURATIONS,
  SEARCH_SORTS,
  SORT_BY_OF_SEARCH_SORT,
  UPLOAD_DATES,
} from '../../contract/search.js';
import { THUMBNAIL_SIZES } from '../../contract/thumbnail-sizes.js';
import type { VideoFeedQuery, VideoList } from '../../contract/videos.js';
import { feedAnswer, feedFiltersOf } from '../feed/index.js';
import type { MediaUrls } from '../media/media-urls.js';
import { thumbnailPreload, withinWait } from './image-preload.js';
import type { PageContext } from './page-context.js';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/**
 * The API query the search page sends for its address's query string: the same reading as
 * src/features/search/search-url.ts (parseSearchUrl) and machines/search-filters.ts
 * (searchParams); null for a blank query, for which the page sends nothing.
 */
export function searchQueryOf(search: string): VideoFeedQuery | null {
  const params = new URLSearchParams(search);
  const query = (params.get('query') ?? '').trim();
  if (!query) return null;
  const uploaded = oneOf(UPLOAD_DATES, params.get('uploaded'));
  const duration = oneOf(DURATIONS, params.get('duration'));
  const sort = oneOf(SEARCH_SORTS, params.get('sort'));
  const sortBy = sort ? SORT_BY_OF_SEARCH_SORT[sort] : undefined;
  return {
    query,
    ...(uploaded && { uploaded }),
    ...(duration && { duration }),
    ...(sortBy && { sortBy }),
    ...(params.get('exact') === '1' && { exact: true }),
    page: 1,
    limit: PAGE_SIZE.search,
  };
}

/** The preload of the first result of the search at `search` ('' for none, or when too slow). */
export async function searchPageHead(
  ctx: PageContext,
  search: string,
  urls: MediaUrls,
): Promise<string> {
  const query = searchQueryOf(search);
  if (!query) return '';
  const envelope = await withinWait(
    ctx.config.firstScreenWaitMs,
    feedAnswer(ctx, feedFiltersOf(query), urls),
  );
  if (envelope === undefined) return '';
  const first = (JSON.parse(envelope) as { data: VideoList }).data.videos[0];
  return first ? thumbnailPreload(first, THUMBNAIL_SIZES.row) : '';
}
