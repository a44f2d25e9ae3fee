/**
 * A video's "⋮" menu, one frame for every place that shows one (a feed card, a history entry):
 * a menu button like every other (src/ui/menu.ts: arrows, Escape, focus back to the button),
 * Save first (issue 23: Add to playlist for that video, whoever owns it, or "Sign in to
 * continue" first for a visitor), then the caller's own items.
 *
 * Controlled: the caller owns whether it is open (a card in local state, the history page in its
 * machine, which closes the menu when an entry is removed). It opens under its button, or over
 * it when there is no room below (a card near the bottom of a phone's screen): useMenuPlacement.
 *
 * Save's dialogs are a lazy chunk (lazy-save-video.tsx), fetched when the menu opens: a page's
 * first JavaScript carries only this button and its list.
 */
import { useId, useRef, useState } from 'react';
import type { VideoItem } from '../../contract/shapes';
import { IconButton } from '../ui/icon-button';
import { MoreIcon } from '../ui/icons';
import { moveMenuFocus, useDismiss, useMenuPlacement } from '../ui/menu';
import { preloadSaveVideo, SaveVideoDialog } from './lazy-save-video';
import { Menu, MENU_GAP, MenuItem, MenuWrap } from './video-menu.styles';

/** An item after Save; choosing it calls `onSelect` (which decides whether the menu closes). */
export interface VideoMenuItem {
  label: string;
  onSelect: () => void;
}

export interface VideoActionsMenuProps {
  video: VideoItem;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  disabled?: boolean;
  items?: readonly VideoMenuItem[];
  /** For styled(VideoActionsMenu): lands on the wrapper, which has `data-open` while in use. */
  className?: string;
}

export function VideoActionsMenu({
  video,
  open,
  onToggle,
  onClose,
  disabled,
  items = [],
  className,
}: VideoActionsMenuProps) {
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const placement = useMenuPlacement(open, wrap, menu, MENU_GAP);
  const [saving, setSaving] = useState(false);
  useDismiss(open, wrap, (reason) => {
    onClose();
    if (reason === 'escape') button.current?.focus();
  });
  const label = `Actions for ${video.title}`;

  return (
    <MenuWrap ref={wrap} className={className} data-open={open || saving || undefined}>
      <IconButton
        ref={button}
        label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => {
          if (!open) preloadSaveVideo();
          onToggle();
        }}
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
          <li role="none">
            <MenuItem
              role="menuitem"
              type="button"
              autoFocus
              onClick={() => {
                // Back on the button first, so the dialog hands focus back there.
                button.current?.focus();
                onClose();
                setSaving(true);
              }}
            >
              Save
            </MenuItem>
          </li>
          {items.map((item) => (
            <li role="none" key={item.label}>
              <MenuItem role="menuitem" type="button" onClick={item.onSelect}>
                {item.label}
              </MenuItem>
            </li>
          ))}
        </Menu>
      )}
      {saving && <SaveVideoDialog video={video} onClose={() => setSaving(false)} />}
    </MenuWrap>
  );
}
