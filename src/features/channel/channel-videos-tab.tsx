/**
 * The channel's Videos tab (spec §2, §4, §9): the channel's videos in the grid, 6 per page, the
 * next page loading when the bottom marker is FULLY visible (the spec's exception for this tab),
 * with the 'Loading more videos...' footer. The list logic is the shared pager machine.
 */
import { useSelector } from '@xstate/react';
import type { VideoItem } from '../../../contract/shapes';
import { PAGE_SIZE } from '../../../contract/limits';
import { channelVideosSlot } from '../../../machines/channel.machine';
import { CHANNEL_VIDEOS_SENTINEL_THRESHOLD } from '../../../machines/constants';
import { MESSAGES } from '../../../machines/messages';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
} from '../../../machines/pager.machine';
import { useActors } from '../../actors';
import { pagerWith } from '../../pager-logic';
import { FEED_ERROR_TEXT, ListEmpty, ListError, LoadMoreFooter } from '../../ui/list-states';
import { VideoGrid, VideoGridSkeleton } from '../../components/video-grid';
import { Panel } from './channel.styles';
import { useRememberedActor } from '../../remembered-place';

export const NO_CHANNEL_VIDEOS = 'This channel has no videos yet.';

export function ChannelVideosTab({ userId }: { userId: string }) {
  const { fetchVideoPage } = useActors();
  const pager = useRememberedActor(channelVideosSlot(userId), pagerWith(fetchVideoPage), {
    input: { pageSize: PAGE_SIZE.channelVideos, params: { userId } },
  });
  const videos = useSelector(pager, selectItems<VideoItem>);
  const loadingFirst = useSelector(pager, selectIsLoadingFirst);
  const failed = useSelector(pager, selectHasFailed);
  const empty = useSelector(pager, selectIsEmpty);
  return (
    <Panel aria-label="Videos">
      {loadingFirst && <VideoGridSkeleton count={PAGE_SIZE.channelVideos} />}
      {videos.length > 0 && <VideoGrid videos={videos} />}
      {failed && <ListError text={FEED_ERROR_TEXT} onRetry={() => pager.send({ type: 'RETRY' })} />}
      {empty && <ListEmpty>{NO_CHANNEL_VIDEOS}</ListEmpty>}
      {videos.length > 0 && (
        <LoadMoreFooter
          pager={pager}
          onVisible={() => pager.send({ type: 'LOAD_MORE' })}
          label="Loading more videos"
          text={MESSAGES.loadingMoreVideos}
          threshold={CHANNEL_VIDEOS_SENTINEL_THRESHOLD}
          rootMargin="0px"
        />
      )}
    </Panel>
  );
}
