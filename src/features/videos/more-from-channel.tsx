/**
 * 'More From This Channel' beside the player: the owner's other videos (GET /videos?userId=),
 * without the one being watched, loaded page by page like the feed.
 */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { VideoItem } from '../../../contract/shapes';
import { PAGE_SIZE } from '../../../contract/limits';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
} from '../../../machines/pager.machine';
import { HorizontalListSkeleton } from '../../components/horizontal-list-skeleton';
import { HorizontalVideoCard } from '../../components/horizontal-video-card';
import { LoadMoreFooter } from '../../ui/list-states';
import { useActors } from '../../actors';
import { pagerWith } from '../../pager-logic';

const Aside = styled.aside`
  display: flex;
  flex-direction: column;
  gap: 14px;
  min-width: 0;
  h2 {
    font-size: ${({ theme }) => theme.font.size.md};
    margin: 0;
  }
  /* Beside the player the cards sit two columns wide: thumbnail + text. */
  article {
    grid-template-columns: 160px 1fr;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const MORE_HEADING = 'More From This Channel';

export function MoreFromChannel({ ownerId, currentId }: { ownerId: string; currentId: string }) {
  const { fetchVideoPage } = useActors();
  const pager = useActorRef(pagerWith(fetchVideoPage), {
    input: { pageSize: PAGE_SIZE.homeFeed, params: { userId: ownerId } },
  });
  const all = useSelector(pager, selectItems<VideoItem>);
  const loadingFirst = useSelector(pager, selectIsLoadingFirst);
  const failed = useSelector(pager, selectHasFailed);
  const empty = useSelector(pager, selectIsEmpty);
  const others = all.filter((v) => v._id !== currentId);

  return (
    <Aside aria-label={MORE_HEADING}>
      <h2>{MORE_HEADING}</h2>
      {loadingFirst && <HorizontalListSkeleton count={3} />}
      {others.map((video) => (
        <HorizontalVideoCard key={video._id} video={video} compact />
      ))}
      {failed && others.length === 0 && <Muted>Failed to load videos.</Muted>}
      {(empty || (!loadingFirst && !failed && others.length === 0)) && (
        <Muted>No other videos from this channel yet.</Muted>
      )}
      {all.length > 0 && (
        <LoadMoreFooter pager={pager} onVisible={() => pager.send({ type: 'LOAD_MORE' })} />
      )}
    </Aside>
  );
}
