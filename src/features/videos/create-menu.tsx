/**
 * The dashboard's Create menu (spec §2 Dashboard): Upload Video, Create Playlist, Post Tweet.
 * Each item closes the menu and tells the page which dialog to open.
 */
import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/button';
import { UploadIcon } from '../../ui/icons';
import { menuPanel, moveMenuFocus, useMenuButton } from '../../ui/menu';
import { MenuItem } from '../../components/video-menu.styles';

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

const Item = styled(MenuItem)`
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

export const CREATE_ITEMS = {
  upload: 'Upload Video',
  playlist: 'Create Playlist',
  tweet: 'Post Tweet',
} as const;

type CreateItem = keyof typeof CREATE_ITEMS;

export function CreateMenu({
  onUpload,
  onCreatePlaylist,
  onPostTweet,
}: {
  onUpload: () => void;
  onCreatePlaylist: () => void;
  onPostTweet: () => void;
}) {
  const { open, toggle, wrap, button, choose } = useMenuButton();
  const menuId = useId();
  const actions: Readonly<Record<CreateItem, () => void>> = {
    upload: onUpload,
    playlist: onCreatePlaylist,
    tweet: onPostTweet,
  };

  return (
    <Wrap ref={wrap}>
      <Button
        ref={button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        <UploadIcon size={18} /> Create
      </Button>
      {open && (
        <Menu id={menuId} role="menu" aria-label="Create" onKeyDown={moveMenuFocus}>
          {(Object.keys(CREATE_ITEMS) as CreateItem[]).map((item, index) => (
            <li role="none" key={item}>
              <Item
                role="menuitem"
                type="button"
                autoFocus={index === 0}
                onClick={() => choose(actions[item])}
              >
                {CREATE_ITEMS[item]}
              </Item>
            </li>
          ))}
        </Menu>
      )}
    </Wrap>
  );
}
