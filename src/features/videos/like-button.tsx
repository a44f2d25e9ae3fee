/**
 * The watch page's like button with its count: loads the viewer's like state, toggles on click,
 * then the count is reloaded (likeToggleMachine). Failures are logged and told to the user.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { failureToast } from '../../notify';
import styled from 'styled-components';
import {
  likeToggleMachine,
  selectCanToggle,
  selectIsBusy,
  selectLikeCount,
  selectLiked,
} from '../../../machines/like-toggle.machine';
import { formatViews, likeButtonLabel } from '../../format';
import { useActors } from '../../actors';
import { useEmitted } from '../../use-emitted';

const Pill = styled.button<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 16px;
  border: 1px solid ${({ theme, $on }) => ($on ? theme.colors.accent : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme, $on }) => ($on ? theme.colors.accent : theme.colors.text)};
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled):not([aria-disabled='true']) {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  &:disabled,
  &[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.7;
  }
`;

export function ThumbIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7 10v11H3V10zm2 11h8.3a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 18.7 10H14l.7-4.3A1.8 1.8 0 0 0 13 3.6L9 10z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function LikeButton({ videoId }: { videoId: string }) {
  const { fetchLikeStatus, toggleLike } = useActors();
  const like = useActorRef(likeToggleMachine.provide({ actors: { fetchLikeStatus, toggleLike } }), {
    input: { videoId },
  });
  useEmitted(like, { failed: failureToast('Like') });

  const count = useSelector(like, selectLikeCount);
  const liked = useSelector(like, selectLiked);
  const canToggle = useSelector(like, selectCanToggle);
  // While its own toggle runs the button stays focusable (aria-disabled), so focus stays on it.
  const busy = useSelector(like, selectIsBusy);
  return (
    <Pill
      type="button"
      $on={liked}
      aria-pressed={liked}
      aria-label={likeButtonLabel(count)}
      disabled={!canToggle && !busy}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => like.send({ type: 'TOGGLE' })}
    >
      <ThumbIcon filled={liked} />
      <span data-testid="like-count">{formatViews(count)}</span>
    </Pill>
  );
}
