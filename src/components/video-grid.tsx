/** The home feed grid: one column on phones, more as the screen widens. */
import { memo } from 'react';
import styled from 'styled-components';
import type { VideoItem } from '../../contract/shapes';
import { EAGER_THUMBNAILS } from '../../contract/thumbnail-sizes';
import { Skeleton } from '../ui/skeleton';
import { useWatchedSeconds } from './use-watched-seconds';
import { VideoCard } from './video-card';

export const Grid = styled.div`
  display: grid;
  gap: 24px 16px;
  grid-template-columns: 1fr;
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  @media (min-width: 1400px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

/**
 * Memoised: the page around it re-renders when its chips or the session change (three times
 * before the home page's first paint), and the pager's list keeps its identity until a page
 * arrives, so the cards are rendered only when the list changes.
 */
export const VideoGrid = memo(function VideoGrid({ videos }: { videos: readonly VideoItem[] }) {
  const watched = useWatchedSeconds(videos.map((v) => v._id));
  return (
    <Grid>
      {videos.map((video, i) => (
        <VideoCard
          key={video._id}
          video={video}
          eager={i < EAGER_THUMBNAILS}
          watchedSeconds={watched.get(video._id) ?? null}
        />
      ))}
    </Grid>
  );
});

const SkeletonCard = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const SkeletonBody = styled.div`
  display: flex;
  gap: 10px;
  > div:last-child {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
`;

/** Placeholder cards shown while a page of the feed loads. */
export function VideoGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <Grid role="status" aria-label="Loading videos">
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} data-testid="video-skeleton">
          <Skeleton $h="auto" style={{ aspectRatio: '16 / 9' }} />
          <SkeletonBody>
            <Skeleton $w="36px" $h="36px" $round />
            <div>
              <Skeleton $w="90%" />
              <Skeleton $w="60%" $h="12px" />
            </div>
          </SkeletonBody>
        </SkeletonCard>
      ))}
    </Grid>
  );
}
