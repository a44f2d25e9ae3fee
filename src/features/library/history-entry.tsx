/**
 * One watch history entry (spec §2 "History page"): thumbnail, owner avatar, title, description,
 * views, owner userName, when it was watched, and a menu with Save (as a video card's, issue 23)
 * and 'Remove from history'. Which menu is open lives in the history machine (removing closes
 * it); this view only sends events, and opens Save's dialogs itself.
 */
import { useId, useRef, useState } from 'react';
import type { HistoryEntry } from '../../../contract/history';
import { LIBRARY_MESSAGES as TEXT } from '../../../machines/messages';
import { formatViewCount } from '../../format';
import { Avatar } from '../../ui/avatar';
import { IconButton } from '../../ui/icon-button';
import { MoreIcon } from '../../ui/icons';
import { moveMenuFocus, useDismiss, useMenuPlacement } from '../../ui/menu';
import { Thumbnail } from '../../components/thumbnail';
import { THUMBNAIL_SIZES } from '../../../contract/thumbnail-sizes';
import { channelPath, Meta, OwnerLink, Title } from '../../components/video-card';
import { preloadSaveVideo, SaveVideoDialog } from '../../components/lazy-save-video';
import { Menu, MENU_GAP, MenuItem, MenuWrap, TitleRow } from '../../components/video-menu.styles';
import { AvatarLink, Description, Owner, Row, Text, VideoId } from './history-entry.styles';
import { watchPath } from '../../../contract/page-routes';
import { RelativeTime } from '../../components/relative-time';

export interface HistoryEntryProps {
  entry: HistoryEntry;
  menuOpen: boolean;
  removing: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
  onRemove: () => void;
}

export function HistoryEntryRow({
  entry,
  menuOpen,
  removing,
  onToggleMenu,
  onCloseMenu,
  onRemove,
}: HistoryEntryProps) {
  const { video } = entry;
  const { owner } = video;
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  // Over the button when there is no room under it (an entry near the bottom of the screen).
  const placement = useMenuPlacement(menuOpen, wrap, menu, MENU_GAP);
  const [saving, setSaving] = useState(false);
  useDismiss(menuOpen, wrap, (reason) => {
    onCloseMenu();
    if (reason === 'escape') button.current?.focus();
  });

  return (
    <Row aria-label={video.title} aria-busy={removing || undefined}>
      <Thumbnail video={video} sizes={THUMBNAIL_SIZES.row} watchedSeconds={entry.progressSeconds} />
      <Text>
        <TitleRow>
          <Title href={watchPath(video._id)}>{video.title}</Title>
          <MenuWrap ref={wrap}>
            <IconButton
              ref={button}
              label={`Actions for ${video.title}`}
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? menuId : undefined}
              disabled={removing}
              onClick={() => {
                if (!menuOpen) preloadSaveVideo();
                onToggleMenu();
              }}
            >
              <MoreIcon />
            </IconButton>
            {menuOpen && (
              <Menu
                ref={menu}
                id={menuId}
                role="menu"
                aria-label={`Actions for ${video.title}`}
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
                      onCloseMenu();
                      setSaving(true);
                    }}
                  >
                    Save
                  </MenuItem>
                </li>
                <li role="none">
                  <MenuItem role="menuitem" type="button" onClick={onRemove}>
                    {TEXT.removeFromHistory}
                  </MenuItem>
                </li>
              </Menu>
            )}
            {saving && <SaveVideoDialog video={video} onClose={() => setSaving(false)} />}
          </MenuWrap>
        </TitleRow>
        <Owner>
          <AvatarLink href={channelPath(owner.userName)} aria-label={`${owner.fullName} channel`}>
            <Avatar src={owner.avatar} sizes={owner.avatarSizes} alt="" size={24} />
          </AvatarLink>
          <OwnerLink href={channelPath(owner.userName)}>@{owner.userName}</OwnerLink>
        </Owner>
        <Meta>
          {formatViewCount(video.views)} • Watched <RelativeTime iso={entry.watchedAt} />
        </Meta>
        {video.description && <Description>{video.description}</Description>}
        {/* Spec §2 lists the video's id among an entry's fields: shown small and muted. */}
        <VideoId>Video ID: {video._id}</VideoId>
      </Text>
    </Row>
  );
}
