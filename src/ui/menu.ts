/**
 * Drop-down menus (the account menu, the dashboard's Create menu, the player's Quality menu, a
 * history row's menu): the panel's look, and the platform's behaviour (WAI-ARIA menu button):
 * Escape or a press outside closes; Up/Down move through the items, Home/End jump to the first
 * and last; closing by Escape or by choosing an item hands focus back to the menu's button, so a
 * dialog an item opens returns focus there too (issue 22).
 */
import {
  useEffect,
  useLayoutEffect,
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

/** Which side of its button a menu opens on. */
export type MenuPlacement = 'below' | 'above';

/**
 * Where a menu `menuHeight` px tall opens, from a button spanning `anchorTop`–`anchorBottom`
 * (viewport pixels), `gap` px away from it, in the visible band `areaTop`–`areaBottom` (the
 * viewport less the fixed bars): below when it fits there, as menus usually open; else above when
 * it fits there (a card near the bottom of a phone's screen, over the bottom bar); else on the
 * side with more room.
 */
export function menuPlacement({
  anchorTop,
  anchorBottom,
  menuHeight,
  areaTop,
  areaBottom,
  gap,
}: {
  anchorTop: number;
  anchorBottom: number;
  menuHeight: number;
  areaTop: number;
  areaBottom: number;
  gap: number;
}): MenuPlacement {
  const roomBelow = areaBottom - anchorBottom - gap;
  const roomAbove = anchorTop - areaTop - gap;
  if (menuHeight <= roomBelow) return 'below';
  if (menuHeight <= roomAbove) return 'above';
  return roomAbove > roomBelow ? 'above' : 'below';
}

/**
 * Marks a bar fixed to the top or bottom of the viewport (the top bar, the phones' bottom bar):
 * a menu does not open under it. A bar hidden at the current width (no height) is left out.
 */
export const FIXED_BAR_ATTRIBUTE = 'data-fixed-bar';

/** The band of the viewport not covered by a fixed bar, in viewport pixels. */
function visibleBand(): { top: number; bottom: number } {
  const height = window.innerHeight;
  let top = 0;
  let bottom = height;
  for (const bar of document.querySelectorAll(`[${FIXED_BAR_ATTRIBUTE}]`)) {
    const box = bar.getBoundingClientRect();
    if (box.height === 0) continue;
    if (box.top >= height / 2) bottom = Math.min(bottom, box.top);
    else top = Math.max(top, box.bottom);
  }
  return { top, bottom };
}

/**
 * The side an open menu takes (see menuPlacement): measured before the browser paints it, each
 * time it opens, from its button's wrapper (`anchor`, the box the menu is placed against) and
 * the menu itself. The menu's styles place it by the answer.
 */
export function useMenuPlacement(
  open: boolean,
  anchor: RefObject<HTMLElement | null>,
  menu: RefObject<HTMLElement | null>,
  gap: number,
): MenuPlacement {
  const [placement, setPlacement] = useState<MenuPlacement>('below');
  useLayoutEffect(() => {
    if (!open || !anchor.current || !menu.current) return;
    const box = anchor.current.getBoundingClientRect();
    const band = visibleBand();
    setPlacement(
      menuPlacement({
        anchorTop: box.top,
        anchorBottom: box.bottom,
        menuHeight: menu.current.offsetHeight,
        areaTop: band.top,
        areaBottom: band.bottom,
        gap,
      }),
    );
  }, [open, anchor, menu, gap]);
  return placement;
}

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
