/**
 * Home feed (spec §2 Home feed, §4 Feed): tag chips ('All', then the signed-in user's tags) over
 * an infinite-scroll grid, 12 per page. All list logic is the feed machine and its pager child;
 * this view renders their selectors and sends events.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { feedTagOf } from '../../contract/page-routes';
import styled from 'styled-components';
import { feedMachine, selectChips, selectFeedPager } from '../../machines/feed.machine';
import { withPager } from '../pager-logic';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
} from '../../machines/pager.machine';
import type { VideoItem } from '../../contract/shapes';
import { useAuthStatus, useCurrentUser } from '../session';
import { FEED_ERROR_TEXT, ListEmpty, ListError, LoadMoreFooter } from '../ui/list-states';
import { TagChips } from '../features/videos/tag-chips';
import { useActors } from '../actors';
import { VideoGrid, VideoGridSkeleton } from '../components/video-grid';
import { useDocumentTitle } from '../use-document-title';
import { useRememberedActor } from '../remembered-place';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const NO_TAGS: string[] = [];

export default function HomePage() {
  useDocumentTitle('Home');
  const user = useCurrentUser();
  const tags = useMemo(() => user?.tags.map((t) => t.name) ?? NO_TAGS, [user]);
  const { fetchVideoPage, fetchPopularTags } = useActors();
  const [, navigate] = useLocation();
  // The chosen chip is the URL's ?tag= (issue 22): linkable, kept on reload, reached with Back.
  const urlTag = feedTagOf(useSearch());
  // Back from a video brings the same pages and scroll position (issue 29).
  const feed = useRememberedActor(
    'home-feed',
    withPager(feedMachine, fetchVideoPage, { fetchPopularTags }),
    { input: { tags, activeTag: urlTag } },
  );

  // Sign-in, sign-out or new tags: the chips follow the session's user, once it is known (a
  // signed-in user's empty list while the session is checked must not ask for popular tags).
  const status = useAuthStatus();
  useEffect(() => {
    if (status !== 'checking') feed.send({ type: 'TAGS_CHANGED', tags });
  }, [feed, tags, status]);
  useEffect(() => feed.send({ type: 'SELECT_TAG', tag: urlTag }), [feed, urlTag]);

  const chips = useSelector(feed, selectChips);
  const pager = useSelector(feed, selectFeedPager);
  const videos = useSelector(pager, selectItems<VideoItem>);
  const loadingFirst = useSelector(pager, selectIsLoadingFirst);
  const failed = useSelector(pager, selectHasFailed);
  const empty = useSelector(pager, selectIsEmpty);

  const active = chips.find((c) => c.active)?.tag ?? null;
  return (
    <Page>
      <h1 className="visually-hidden">Home</h1>
      <TagChips
        tags={chips.slice(1).map((c) => c.label)}
        active={active}
        onSelect={(tag) => navigate(tag === null ? '/' : `/?tag=${encodeURIComponent(tag)}`)}
      />
      {loadingFirst && <VideoGridSkeleton />}
      {videos.length > 0 && <VideoGrid videos={videos} />}
      {/* After a failed further page the marker stays: the pager retries it after 3 s. */}
      {failed && <ListError text={FEED_ERROR_TEXT} onRetry={() => feed.send({ type: 'RETRY' })} />}
      {empty && <ListEmpty>No videos here yet.</ListEmpty>}
      {videos.length > 0 && (
        <LoadMoreFooter
          pager={pager}
          onVisible={() => feed.send({ type: 'LOAD_MORE' })}
          label="Loading more videos"
        />
      )}
    </Page>
  );
}
