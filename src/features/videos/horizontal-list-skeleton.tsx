/** Placeholder rows shown while the first page of horizontal cards loads. */
import styled from 'styled-components';
import { Skeleton } from '../../ui/skeleton';

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: 10px;
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: minmax(160px, 40%) 1fr;
    gap: 16px;
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 360px 1fr;
  }
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
