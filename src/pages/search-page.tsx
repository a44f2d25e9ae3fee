/**
 * Search results (spec §2 Search): `/search?query=` as horizontal cards with infinite scroll, 9
 * per page. The search machine sends nothing for blank text; a new query from the top bar
 * changes the URL, which this page forwards as QUERY_CHANGED.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import type { VideoItem } from '../../contract/shapes';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
} from '../../machines/pager.machine';
import {
  searchMachine,
  selectIsBlank,
  selectQuery,
  selectSearchPager,
} from '../../machines/search.machine';
import { HorizontalVideoCard } from '../components/horizontal-video-card';
import { ListEmpty, ListError, LoadMoreFooter } from '../ui/list-states';
import { HorizontalListSkeleton } from '../components/horizontal-list-skeleton';
import { useActors } from '../actors';
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

export default function SearchPage() {
  const query = new URLSearchParams(useSearch()).get('query') ?? '';
  useDocumentTitle(query.trim() ? `"${query.trim()}" - Search` : 'Search');
  const { fetchVideoPage } = useActors();
  const search = useRememberedActor('search', withPager(searchMachine, fetchVideoPage), {
    input: { query },
  });
  useEffect(() => search.send({ type: 'QUERY_CHANGED', query }), [search, query]);

  const blank = useSelector(search, selectIsBlank);
  const searched = useSelector(search, selectQuery);
  const pager = useSelector(search, selectSearchPager);
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
