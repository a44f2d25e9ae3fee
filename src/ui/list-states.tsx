/**
 * What every infinite list shows besides its items: the failure text with Retry, an empty
 * message, and the bottom marker with a spinner while the next page loads. All driven by the
 * pager machine's selectors; the marker only reports visibility (the pager decides).
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import {
  selectHasFailed,
  selectHasMore,
  selectIsLoading,
  selectIsLoadingMore,
  type PagerSnapshot,
} from '../../machines/pager.machine';
import type { PagerRef } from '../../machines/feed.machine';
import { Button } from './button';
import { Spinner } from './spinner';
import { useSentinel } from './use-sentinel';

/** Spec §2 / §8, verbatim. */
export const FEED_ERROR_TEXT = 'Failed to load videos. Please try again.';

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 40px 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0;
  }
`;

export function ListError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Box role="alert">
      <p>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </Box>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return (
    <Box role="status">
      <p>{children}</p>
    </Box>
  );
}

const Footer = styled.div`
  display: grid;
  place-items: center;
  min-height: 48px;
  color: ${({ theme }) => theme.colors.accent};
`;

const itemCount = (s: PagerSnapshot) => s.context.items.length;

/**
 * The bottom marker under a list. Rendered only while more pages exist; the observer is
 * re-created after each load so a marker still on screen asks again.
 */
export function LoadMoreFooter({
  pager,
  onVisible,
  label = 'Loading more',
  text,
  threshold,
  rootMargin,
}: {
  pager: PagerRef;
  onVisible: () => void;
  label?: string;
  /** Shown beside the spinner while a page loads (the channel's 'Loading more videos...'). */
  text?: string;
  /** Visible share of the marker that counts (the channel's Videos tab: 1, fully visible). */
  threshold?: number;
  rootMargin?: string;
}) {
  const hasMore = useSelector(pager, selectHasMore);
  const loading = useSelector(pager, selectIsLoading);
  const loadingMore = useSelector(pager, selectIsLoadingMore);
  const failed = useSelector(pager, selectHasFailed);
  const count = useSelector(pager, itemCount);
  const marker = useSentinel<HTMLDivElement>(onVisible, {
    resetKey: `${count}:${loading ? 'l' : failed ? 'f' : 'i'}`,
    ...(threshold === undefined ? {} : { threshold }),
    ...(rootMargin === undefined ? {} : { rootMargin }),
  });
  if (!hasMore) return null;
  return (
    <Footer ref={marker} data-testid="load-more">
      {loadingMore && <Spinner size={28} label={label} />}
      {loadingMore && text && <span>{text}</span>}
    </Footer>
  );
}
