/**
 * Closes an open drop-down menu on Escape or on a press outside it, as menus do everywhere.
 * `onDismiss` gets the reason, so a menu can hand focus back to its button after Escape.
 */
import { useEffect, useRef, type RefObject } from 'react';

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
