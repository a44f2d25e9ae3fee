/**
 * A 16:9 thumbnail linking to the watch page, with the video's real duration over it. The
 * browser picks the stored width that fits `sizes` (THUMBNAIL_SIZES) from `srcset`.
 */
import { Link } from 'wouter';
import styled from 'styled-components';
import type { VideoItem } from '../../contract/shapes';
import { formatDuration } from '../format';
import { srcSetOf } from '../../contract/srcset';
import { THUMBNAIL_SIZES } from '../../contract/thumbnail-sizes';
import { watchPath } from '../../contract/page-routes';

const Frame = styled(Link)`
  position: relative;
  display: block;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  flex: none;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    transition: transform 0.2s ease;
  }
  &:hover img {
    transform: scale(1.03);
  }
`;

const Duration = styled.span`
  position: absolute;
  right: 6px;
  bottom: 6px;
  padding: 1px 6px;
  border-radius: 4px;
  background: rgba(0, 0, 0, 0.8);
  color: #fff;
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

/** What the viewer watched of it (issue 23): a thin red bar along the bottom edge. */
const Watched = styled.span`
  position: absolute;
  left: 0;
  bottom: 0;
  height: 4px;
  background: #f03;
`;

const WatchedTrack = styled.span`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 4px;
  background: rgba(255, 255, 255, 0.35);
`;

export function Thumbnail({
  video,
  eager,
  sizes = THUMBNAIL_SIZES.grid,
  className,
  watchedSeconds = null,
}: {
  video: Pick<VideoItem, '_id' | 'title' | 'thumbnail' | 'thumbnailSizes' | 'duration'>;
  eager?: boolean;
  /** How wide the layout draws it (a THUMBNAIL_SIZES entry). */
  sizes?: string;
  className?: string;
  /** Where the viewer stopped in it, for the watched bar; null when never. */
  watchedSeconds?: number | null;
}) {
  const srcSet = srcSetOf(video.thumbnailSizes);
  const watched =
    watchedSeconds !== null && video.duration > 0
      ? Math.min(1, Math.max(0, watchedSeconds / video.duration))
      : null;
  return (
    <Frame href={watchPath(video._id)} className={className} tabIndex={-1} aria-hidden="true">
      <img
        // loading and sizes before the sources, so the first pick already knows both.
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        sizes={srcSet && sizes}
        srcSet={srcSet}
        src={video.thumbnail}
        alt=""
        width={320}
        height={180}
      />
      <Duration>{formatDuration(video.duration)}</Duration>
      {watched !== null && watched > 0 && (
        <WatchedTrack data-testid="watched-bar" data-watched={Math.round(watched * 100)}>
          <Watched style={{ width: `${watched * 100}%` }} />
        </WatchedTrack>
      )}
    </Frame>
  );
}
