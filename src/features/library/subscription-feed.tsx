/**
 * The subscriptions feed (issue 23): the newest videos of the channels the viewer subscribes to,
 * newest first, in the grid with infinite scroll (the shared pager, 12 per page).
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { VideoItem } from '../../../contract/shapes';
import { PAGE_SIZE } from '../../../contract/limits';
import { LIBRARY_MESSAGES as TEXT } from '../../../machines/messages';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
} from '../../../machines/pager.machine';
import { usePageActors } from '../../actors';
import { subscriptionsActors } from '../../api/subscriptions';
import { VideoGrid, VideoGridSkeleton } from '../../components/video-grid';
import { pagerWith } from '../../pager-logic';
import { FEED_ERROR_TEXT, ListEmpty, ListError, LoadMoreFooter } from '../../ui/list-states';

export function SubscriptionFeed() {
  const { fetchSubscriptionFeedPage } = usePageActors(subscriptionsActors);
  const pager = useActorRef(pagerWith(fetchSubscriptionFeedPage), {
    input: { pageSize: PAGE_SIZE.subscriptionFeed },
  });
  const videos = useSelector(pager, selectItems<VideoItem>);
  const loadingFirst = useSelector(pager, selectIsLoadingFirst);
  const failed = useSelector(pager, selectHasFailed);
  const empty = useSelector(pager, selectIsEmpty);
  return (
    <section aria-label={TEXT.subscriptionsVideosTab}>
      {loadingFirst && <VideoGridSkeleton count={PAGE_SIZE.subscriptionFeed} />}
      {videos.length > 0 && <VideoGrid videos={videos} />}
      {failed && <ListError text={FEED_ERROR_TEXT} onRetry={() => pager.send({ type: 'RETRY' })} />}
      {empty && <ListEmpty>{TEXT.noSubscriptionFeed}</ListEmpty>}
      {videos.length > 0 && (
        <LoadMoreFooter
          pager={pager}
          onVisible={() => pager.send({ type: 'LOAD_MORE' })}
          label="Loading more videos"
        />
      )}
    </section>
  );
}
