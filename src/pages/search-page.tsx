/**
 * Search results (spec §2 Search, issue 31): `/search?query=` as horizontal cards with infinite
 * scroll, 9 per page, with the filters and sort of the URL as chips, a spelling correction when
 * the server made one, and the channel the query names above the videos. The search machine
 * sends nothing for blank text; a new query from the top bar or a filter link changes the URL,
 * which this page forwards as QUERY_CHANGED.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import type { VideoItem } from '../../contract/shapes';
import type { Spelling } from '../../contract/search';
import {
  selectMeta,
  selectHasFailed,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
} from '../../machines/pager.machine';
import {
  searchMachine,
  selectChannel,
  selectFilters,
  selectIsBlank,
  selectQuery,
  selectSearchPager,
} from '../../machines/search.machine';
import { searchActors } from '../api/search';
import { ChannelResultCard } from '../features/search/channel-result-card';
import { SearchFiltersBar } from '../features/search/search-filters-bar';
import { parseSearchUrl } from '../features/search/search-url';
import { SpellingNotice } from '../features/search/spelling-notice';
import { HorizontalVideoCard } from '../components/horizontal-video-card';
import { ListEmpty, ListError, LoadMoreFooter } from '../ui/list-states';
import { HorizontalListSkeleton } from '../components/horizontal-list-skeleton';
import { useActors, usePageActors } from '../actors';
import { withPager } from '../pager-logic';
import { useDocumentTitle } from '../use-document-title';
import { useRememberedActor } from '../remembered-place';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  max-width: 1100px;
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.lg};
  overflow-wrap: anywhere;
`;

/** Spec §8 names no text for a failed search; this mirrors the feed's. */
export const SEARCH_ERROR_TEXT = 'Failed to load videos. Please try again.';
export const noResultsText = (query: string) => `No videos found for “${query}”`;
export const BLANK_SEARCH_TEXT = 'Type something in the search box to find videos.';

/** The spelling correction the first pages carried (fetchVideoPage puts it in the page's meta). */
function selectSpelling(s: Parameters<typeof selectMeta>[0]): Spelling | undefined {
  return selectMeta(s)?.spelling as Spelling | undefined;
}

export default function SearchPage() {
  const url = useSearch();
  const { query } = parseSearchUrl(url);
  useDocumentTitle(query.trim() ? `"${query.trim()}" - Search` : 'Search');
  const { fetchVideoPage } = useActors();
  const { fetchChannels } = usePageActors(searchActors);
  const search = useRememberedActor(
    'search',
    withPager(searchMachine, fetchVideoPage, { fetchChannels }),
    { input: { query } },
  );
  // Keyed on the URL's text: the parsed filters are a new object on every render.
  useEffect(() => search.send({ type: 'QUERY_CHANGED', ...parseSearchUrl(url) }), [search, url]);

  const blank = useSelector(search, selectIsBlank);
  const searched = useSelector(search, selectQuery);
  const filters = useSelector(search, selectFilters);
  const channel = useSelector(search, selectChannel);
  const pager = useSelector(search, selectSearchPager);
  const spelling = useSelector(pager, (s) => (s ? selectSpelling(s) : undefined));
  const videos = useSelector(pager, (s) => (s ? selectItems<VideoItem>(s) : []));
  const loadingFirst = useSelector(pager, (s) => !!s && selectIsLoadingFirst(s));
  const failed = useSelector(pager, (s) => !!s && selectHasFailed(s));
  const empty = useSelector(pager, (s) => !!s && selectIsEmpty(s));

  if (blank)
    return (
      <Page>
        <Heading>Search</Heading>
        <ListEmpty>{BLANK_SEARCH_TEXT}</ListEmpty>
      </Page>
    );

  return (
    <Page>
      <Heading>Results for “{searched}”</Heading>
      <SearchFiltersBar query={searched} filters={filters} />
      {spelling && <SpellingNotice typed={searched} spelling={spelling} filters={filters} />}
      {channel && <ChannelResultCard key={channel._id} channel={channel} />}
      {loadingFirst && <HorizontalListSkeleton />}
      {videos.map((video, i) => (
        <HorizontalVideoCard key={video._id} video={video} eager={i < 2} />
      ))}
      {failed && (
        <ListError text={SEARCH_ERROR_TEXT} onRetry={() => search.send({ type: 'RETRY' })} />
      )}
      {empty && <ListEmpty>{noResultsText(searched)}</ListEmpty>}
      {pager && videos.length > 0 && (
        <LoadMoreFooter
          pager={pager}
          onVisible={() => search.send({ type: 'LOAD_MORE' })}
          label="Loading more results"
        />
      )}
    </Page>
  );
}
