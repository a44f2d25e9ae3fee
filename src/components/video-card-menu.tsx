/**
 * A video card's "⋮" menu (issue 23): Save, as the watch page's Save — Add to playlist for that
 * video, whoever owns it (one's own too), or "Sign in to continue" first for a visitor. It is a
 * menu button like every other (src/ui/menu.ts: arrows, Escape, focus back to the button), one
 * Tab stop per card. With a mouse it shows while the card is hovered or holds the focus, as on
 * the largest video site; on touch screens it always shows.
 *
 * It opens under its button, or over it when there is no room below (a card near the bottom of
 * a phone's screen, above the bottom bar): useMenuPlacement.
 *
 * The dialogs are a lazy chunk (lazy-save-video.tsx), fetched when the menu opens: the feed's
 * first JavaScript carries only this button and its one-item list.
 */
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { VideoItem } from '../../contract/shapes';
import { IconButton } from '../ui/icon-button';
import { MoreIcon } from '../ui/icons';
import { moveMenuFocus, useMenuButton, useMenuPlacement } from '../ui/menu';
import { preloadSaveVideo, SaveVideoDialog } from './lazy-save-video';
import { Menu, MENU_GAP, MenuItem, MenuWrap } from './video-menu.styles';

const Wrap = styled(MenuWrap)`
  @media (hover: hover) and (pointer: fine) {
    article:not(:hover):not(:focus-within) &:not([data-open]) {
      opacity: 0;
    }
  }
`;

export function VideoCardMenu({ video }: { video: VideoItem }) {
  const { open, toggle, wrap, button, choose } = useMenuButton();
  const [saving, setSaving] = useState(false);
  const menuId = useId();
  const menu = useRef<HTMLUListElement>(null);
  const placement = useMenuPlacement(open, wrap, menu, MENU_GAP);
  // The history entry's menu says the same.
  const label = `Actions for ${video.title}`;

  return (
    <Wrap ref={wrap} data-open={open || saving || undefined}>
      <IconButton
        ref={button}
        label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          if (!open) preloadSaveVideo();
          toggle();
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
              onClick={() => choose(() => setSaving(true))}
            >
              Save
            </MenuItem>
          </li>
        </Menu>
      )}
      {saving && <SaveVideoDialog video={video} onClose={() => setSaving(false)} />}
    </Wrap>
  );
}
