/**
 * Drop-down menus (the account menu, the dashboard's Create menu, the player's Quality menu, a
 * history row's menu): the panel's look, and the platform's behaviour (WAI-ARIA menu button):
 * Escape or a press outside closes; Up/Down move through the items, Home/End jump to the first
 * and last; closing by Escape or by choosing an item hands focus back to the menu's button, so a
 * dialog an item opens returns focus there too (issue 22).
 */
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';
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

const ITEM_SELECTOR = '[role^=menuitem]:not([disabled])';

/** The menu's onKeyDown: arrow keys move through the items (wrapping), Home and End jump. */
export function moveMenuFocus(e: ReactKeyboardEvent<HTMLElement>): void {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(ITEM_SELECTOR)];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const target: Record<string, number> = {
    ArrowDown: (at + 1) % items.length,
    ArrowUp: (at - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  };
  const next = target[e.key];
  if (next === undefined) return;
  e.preventDefault();
  items[next]?.focus();
}

/**
 * The state of a menu button: whether it is open, the refs for its wrapper and button, and
 * `choose`, which closes the menu and hands focus back to the button before the item acts.
 */
export function useMenuButton<B extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<B>(null);
  useDismiss(open, wrap, (reason) => {
    setOpen(false);
    if (reason === 'escape') button.current?.focus();
  });
  const choose = (act: () => void) => {
    setOpen(false);
    button.current?.focus();
    act();
  };
  return {
    open,
    toggle: () => setOpen((o) => !o),
    close: () => setOpen(false),
    wrap,
    button,
    choose,
  };
}
