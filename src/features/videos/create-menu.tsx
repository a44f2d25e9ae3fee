/**
 * The dashboard's Create menu: Upload Video, Create Playlist, Post Tweet. Playlists and tweets
 * arrive with later issues, so those two items are disabled and say 'coming soon' (the spec
 * lists them; showing them disabled tells creators what is planned without a dead click).
 */
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/button';
import { UploadIcon } from '../../ui/icons';
import { menuPanel, useDismiss } from '../../ui/menu';

const Wrap = styled.div`
  position: relative;
  display: inline-block;
`;

const Menu = styled.ul`
  ${menuPanel}
  top: calc(100% + 6px);
  z-index: 20;
  min-width: 220px;
`;

const Item = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 12px;
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: none;
  text-align: left;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  &:disabled {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  small {
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;

export const CREATE_ITEMS = {
  upload: 'Upload Video',
  playlist: 'Create Playlist',
  tweet: 'Post Tweet',
} as const;

export function CreateMenu({ onUpload }: { onUpload: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);

  useDismiss(open, wrap, () => setOpen(false));

  return (
    <Wrap ref={wrap}>
      <Button
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <UploadIcon size={18} /> Create
      </Button>
      {open && (
        <Menu id={menuId} role="menu" aria-label="Create">
          <li role="none">
            <Item
              role="menuitem"
              type="button"
              autoFocus
              onClick={() => {
                setOpen(false);
                onUpload();
              }}
            >
              {CREATE_ITEMS.upload}
            </Item>
          </li>
          <li role="none">
            <Item role="menuitem" type="button" disabled>
              {CREATE_ITEMS.playlist} <small>coming soon</small>
            </Item>
          </li>
          <li role="none">
            <Item role="menuitem" type="button" disabled>
              {CREATE_ITEMS.tweet} <small>coming soon</small>
            </Item>
          </li>
        </Menu>
      )}
    </Wrap>
  );
}
