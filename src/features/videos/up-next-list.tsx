/**
 * "Up next" on the watch page (issue 31): the recommended videos (machines/up-next.machine.ts),
 * drawn like 'More From This Channel' (compact horizontal cards), under a header holding the
 * "Autoplay" switch (machines/autoplay.machine.ts). The page owns both actors, so moving the list
 * between the side column and the phone's place under the comments' opening keeps them.
 */
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { autoplayMachine } from '../../../machines/autoplay.machine';
import { selectAutoplayOn } from '../../../machines/autoplay.machine';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoading,
  selectUpNextVideos,
  type upNextMachine,
} from '../../../machines/up-next.machine';
import { HorizontalListSkeleton } from '../../components/horizontal-list-skeleton';
import { HorizontalVideoCard } from '../../components/horizontal-video-card';
import { Button } from '../../ui/button';

const Aside = styled.section`
  display: flex;
  flex-direction: column;
  gap: 14px;
  min-width: 0;
  /* Beside the player the cards sit two columns wide: thumbnail + text (as the spec's list). */
  article {
    grid-template-columns: 160px 1fr;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  h2 {
    font-size: ${({ theme }) => theme.font.size.md};
    margin: 0;
  }
`;

const Switch = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  input {
    appearance: none;
    position: relative;
    width: 36px;
    height: 20px;
    margin: 0;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.border};
    cursor: pointer;
    transition: background 0.15s;
  }
  input::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: #fff;
    transition: transform 0.15s;
  }
  input:checked {
    background: ${({ theme }) => theme.colors.accent};
  }
  input:checked::after {
    transform: translateX(16px);
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const UP_NEXT_HEADING = 'Up next';
export const AUTOPLAY_LABEL = 'Autoplay';
export const UP_NEXT_FAILED = 'Failed to load videos.';
export const UP_NEXT_EMPTY = 'Nothing to play next yet.';

export function UpNextList({
  upNext,
  autoplay,
}: {
  upNext: ActorRefFrom<typeof upNextMachine>;
  autoplay: ActorRefFrom<typeof autoplayMachine>;
}) {
  const videos = useSelector(upNext, selectUpNextVideos);
  const loading = useSelector(upNext, selectIsLoading);
  const failed = useSelector(upNext, selectHasFailed);
  const empty = useSelector(upNext, selectIsEmpty);
  const on = useSelector(autoplay, selectAutoplayOn);
  return (
    <Aside aria-label={UP_NEXT_HEADING}>
      <Header>
        <h2>{UP_NEXT_HEADING}</h2>
        <Switch>
          {AUTOPLAY_LABEL}
          <input
            type="checkbox"
            role="switch"
            checked={on}
            aria-checked={on}
            onChange={() => autoplay.send({ type: 'TOGGLE' })}
          />
        </Switch>
      </Header>
      {loading && <HorizontalListSkeleton count={3} />}
      {videos.map((video) => (
        <HorizontalVideoCard key={video._id} video={video} compact />
      ))}
      {failed && (
        <div role="alert">
          <Muted>{UP_NEXT_FAILED}</Muted>
          <Button variant="secondary" onClick={() => upNext.send({ type: 'RETRY' })}>
            Retry
          </Button>
        </div>
      )}
      {empty && <Muted>{UP_NEXT_EMPTY}</Muted>}
    </Aside>
  );
}
