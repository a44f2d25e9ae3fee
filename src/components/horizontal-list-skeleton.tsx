/** Placeholder rows shown while the first page of horizontal cards loads. */
import styled from 'styled-components';
import { Skeleton } from '../ui/skeleton';
import { horizontalCardColumns } from './horizontal-video-card';

const Row = styled.div`
  ${horizontalCardColumns}
  > div:last-child {
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
`;

export function HorizontalListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading videos" style={{ display: 'grid', gap: 20 }}>
      {Array.from({ length: count }, (_, i) => (
        <Row key={i} data-testid="video-skeleton">
          <Skeleton $h="auto" style={{ aspectRatio: '16 / 9' }} />
          <div>
            <Skeleton $w="80%" $h="18px" />
            <Skeleton $w="40%" $h="12px" />
            <Skeleton $w="60%" $h="12px" />
          </div>
        </Row>
      ))}
    </div>
  );
}
