/**
 * One watch history entry (spec §2 "History page"): thumbnail, owner avatar, title, description,
 * views, owner userName, when it was watched, and a menu with 'Remove from history'. Which menu
 * is open lives in the history machine (removing closes it); this view only sends events.
 */
import { useEffect, useId, useRef } from 'react';
import type { HistoryEntry } from '../../../contract/history';
import { LIBRARY_MESSAGES as TEXT } from '../../../machines/messages';
import { formatAge, formatViewCount } from '../../format';
import { Avatar } from '../../ui/avatar';
import { IconButton } from '../../ui/icon-button';
import { MoreIcon } from '../../ui/icons';
import { Thumbnail } from '../../components/thumbnail';
import { THUMBNAIL_SIZES } from '../../../contract/thumbnail-sizes';
import { channelPath, Meta, OwnerLink, Title } from '../../components/video-card';
import {
  AvatarLink,
  Description,
  Menu,
  MenuItem,
  MenuWrap,
  Owner,
  Row,
  Text,
  TitleRow,
} from './history-entry.styles';
import { watchPath } from '../../../contract/page-routes';

export interface HistoryEntryProps {
  entry: HistoryEntry;
  menuOpen: boolean;
  removing: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
  onRemove: () => void;
}

/** Escape or a press outside the open menu closes it. */
function useCloseOnOutside(
  open: boolean,
  root: React.RefObject<HTMLElement | null>,
  close: () => void,
) {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onEvent = (e: Event) => {
      const outside = !root.current?.contains(e.target as Node);
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : outside) latest.current();
    };
    document.addEventListener('keydown', onEvent);
    document.addEventListener('mousedown', onEvent);
    return () => {
      document.removeEventListener('keydown', onEvent);
      document.removeEventListener('mousedown', onEvent);
    };
  }, [open, root]);
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
  useCloseOnOutside(menuOpen, wrap, onCloseMenu);

  return (
    <Row aria-label={video.title} aria-busy={removing || undefined}>
      <Thumbnail video={video} sizes={THUMBNAIL_SIZES.row} />
      <Text>
        <TitleRow>
          <Title href={watchPath(video._id)}>{video.title}</Title>
          <MenuWrap ref={wrap}>
            <IconButton
              label={`Actions for ${video.title}`}
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? menuId : undefined}
              disabled={removing}
              onClick={onToggleMenu}
            >
              <MoreIcon />
            </IconButton>
            {menuOpen && (
              <Menu id={menuId} role="menu" aria-label={`Actions for ${video.title}`}>
                <li role="none">
                  <MenuItem role="menuitem" type="button" autoFocus onClick={onRemove}>
                    {TEXT.removeFromHistory}
                  </MenuItem>
                </li>
              </Menu>
            )}
          </MenuWrap>
        </TitleRow>
        <Owner>
          <AvatarLink href={channelPath(owner.userName)} aria-label={`${owner.fullName} channel`}>
            <Avatar src={owner.avatar} sizes={owner.avatarSizes} alt="" size={24} />
          </AvatarLink>
          <OwnerLink href={channelPath(owner.userName)}>@{owner.userName}</OwnerLink>
        </Owner>
        <Meta>
          {formatViewCount(video.views)} • Watched {formatAge(entry.watchedAt)}
        </Meta>
        {video.description && <Description>{video.description}</Description>}
      </Text>
    </Row>
  );
}
