/** A 16:9 thumbnail linking to the watch page, with the video's real duration over it. */
import { Link } from 'wouter';
import styled from 'styled-components';
import type { VideoItem } from '../../../contract/shapes';
import { formatDuration } from '../../format';

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

export function Thumbnail({
  video,
  eager,
  className,
}: {
  video: Pick<VideoItem, '_id' | 'title' | 'thumbnail' | 'duration'>;
  eager?: boolean;
  className?: string;
}) {
  return (
    <Frame
      href={`/watch/${encodeURIComponent(video._id)}`}
      className={className}
      tabIndex={-1}
      aria-hidden="true"
    >
      <img
        src={video.thumbnail}
        alt=""
        width={320}
        height={180}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
      />
      <Duration>{formatDuration(video.duration)}</Duration>
    </Frame>
  );
}
