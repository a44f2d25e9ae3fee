/**
 * One watch history entry (spec §2 "History page"): thumbnail, owner avatar, title, description,
 * views, owner userName, when it was watched, and a menu with Save (as a video card's, issue 23)
 * and 'Remove from history' (the shared video-actions-menu.tsx). Which menu is open lives in the
 * history machine (removing closes it); this view only sends events.
 */
import type { HistoryEntry } from '../../../contract/history';
import { LIBRARY_MESSAGES as TEXT } from '../../../machines/messages';
import { formatViewCount } from '../../format';
import { Avatar } from '../../ui/avatar';
import { Thumbnail } from '../../components/thumbnail';
import { THUMBNAIL_SIZES } from '../../../contract/thumbnail-sizes';
import { channelPath, Meta, OwnerLink, Title } from '../../components/video-card';
import { VideoActionsMenu } from '../../components/video-actions-menu';
import { TitleRow } from '../../components/video-menu.styles';
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
  return (
    <Row aria-label={video.title} aria-busy={removing || undefined}>
      <Thumbnail video={video} sizes={THUMBNAIL_SIZES.row} watchedSeconds={entry.progressSeconds} />
      <Text>
        <TitleRow>
          <Title href={watchPath(video._id)}>{video.title}</Title>
          <VideoActionsMenu
            video={video}
            open={menuOpen}
            onToggle={onToggleMenu}
            onClose={onCloseMenu}
            disabled={removing}
            items={[{ label: TEXT.removeFromHistory, onSelect: onRemove }]}
          />
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
