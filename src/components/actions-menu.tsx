/**
 * A "⋮" menu, one frame for every place that shows one (a video's menu on cards and history
 * entries, one's own comment's menu): a menu button like every other (src/ui/menu.ts: arrows,
 * Escape, focus back to the button), its items, and whatever the items open (`children`: a dialog).
 *
 * Controlled: the caller owns whether it is open. It opens under its button, or over it when there
 * is no room below (a card near the bottom of a phone's screen): useMenuPlacement.
 */
import { useId, useRef, type ReactNode } from 'react';
import { IconButton } from '../ui/icon-button';
import { MoreIcon } from '../ui/icons';
import { moveMenuFocus, useDismiss, useMenuPlacement } from '../ui/menu';
import { Menu, MENU_GAP, MenuItem, MenuWrap } from './video-menu.styles';

/** One item; choosing it calls `onSelect` (which decides whether the menu closes). */
export interface MenuAction {
  label: string;
  /** `returnFocus` puts focus back on the menu button (before a dialog opens, which gives it back). */
  onSelect: (menu: { returnFocus: () => void }) => void;
}

export interface ActionsMenuProps {
  /** The button's and the menu's accessible name ("Actions for …"). */
  label: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  items: readonly MenuAction[];
  disabled?: boolean;
  /** The wrapper keeps `data-open` while this is true (the menu, or a dialog it opened). */
  inUse?: boolean;
  /** For styled(…): lands on the wrapper. */
  className?: string;
  /** What an item opened (a dialog), kept beside the button. */
  children?: ReactNode;
}

export function ActionsMenu({
  label,
  open,
  onToggle,
  onClose,
  items,
  disabled,
  inUse,
  className,
  children,
}: ActionsMenuProps) {
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const placement = useMenuPlacement(open, wrap, menu, MENU_GAP);
  useDismiss(open, wrap, (reason) => {
    onClose();
    if (reason === 'escape') button.current?.focus();
  });
  const returnFocus = () => button.current?.focus();

  return (
    <MenuWrap ref={wrap} className={className} data-open={open || inUse || undefined}>
      <IconButton
        ref={button}
        label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={onToggle}
      >
        <MoreIcon />
      </IconButton>
      {open && (
        <Menu
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          $placement={placement}
          onKeyDown={moveMenuFocus}
        >
          {items.map((item, index) => (
            <li role="none" key={item.label}>
              <MenuItem
                role="menuitem"
                type="button"
                autoFocus={index === 0}
                onClick={() => item.onSelect({ returnFocus })}
              >
                {item.label}
              </MenuItem>
            </li>
          ))}
        </Menu>
      )}
      {children}
    </MenuWrap>
  );
}
