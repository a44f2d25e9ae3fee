/**
 * Drop-down menus (the account menu, the dashboard's Create menu, the player's Quality menu): the
 * panel's look, and closing on Escape or on a press outside, as menus do everywhere.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { css } from 'styled-components';

/** Anchored under the right edge of its button; each menu sets its own offset and width. */
export const menuPanel = css`
  position: absolute;
  right: 0;
  margin: 0;
  padding: 6px;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow};
`;

/** `onDismiss` gets the reason, so a menu can hand focus back to its button after Escape. */
export function useDismiss(
  open: boolean,
  within: RefObject<HTMLElement | null>,
  onDismiss: (reason: 'escape' | 'outside') => void,
): void {
  // The latest handler without re-subscribing on every render.
  const latest = useRef(onDismiss);
  useEffect(() => {
    latest.current = onDismiss;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latest.current('escape');
    };
    const onDown = (e: MouseEvent) => {
      if (!within.current?.contains(e.target as Node)) latest.current('outside');
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, within]);
}
