/**
 * A video in the home grid: thumbnail with the real duration, owner avatar, title, owner name,
 * views and age, the first line of the description, and the "⋮" menu (Save). Thumbnail and
 * title lead to the watch page; the owner leads to their channel (two links, because links
 * cannot nest).
 */
import { memo } from 'react';
import { Link } from 'wouter';
import styled from 'styled-components';
import type { VideoItem } from '../../contract/shapes';
import { Avatar } from '../ui/avatar';
import { formatViewCount } from '../format';
import { Thumbnail } from './thumbnail';
import { clampLines } from '../ui/clamp';
import { watchPath } from '../../contract/page-routes';
import { RelativeTime } from './relative-time';
import { VideoCardMenu } from './video-card-menu';

const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 0;
`;

const Body = styled.div`
  display: flex;
  gap: 10px;
  min-width: 0;
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

export const Title = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: 1.35;
  ${clampLines(2)}
`;

export const Meta = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const OwnerLink = styled(Link)`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

export const OneLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

/** The avatar's link keeps its size when the title beside it wraps. */
const AvatarLink = styled(Link)`
  flex: none;
  align-self: flex-start;
`;

export const channelPath = (userName: string) => `/Channel/${encodeURIComponent(userName)}`;

export interface VideoCardProps {
  video: VideoItem;
  /** The first cards are above the fold: load their images eagerly (largest contentful paint). */
  eager?: boolean;
  /** Where the signed-in viewer stopped in it (the watched bar); null when never. */
  watchedSeconds?: number | null;
}

/** Memoised: a further page of the feed leaves the cards already shown as they are. */
export const VideoCard = memo(function VideoCard({
  video,
  eager,
  watchedSeconds = null,
}: VideoCardProps) {
  const { owner } = video;
  return (
    <Card aria-label={video.title}>
      <Thumbnail video={video} eager={eager} watchedSeconds={watchedSeconds} />
      <Body>
        <AvatarLink href={channelPath(owner.userName)} aria-label={`${owner.fullName} channel`}>
          <Avatar src={owner.avatar} sizes={owner.avatarSizes} alt="" size={36} />
        </AvatarLink>
        <Text>
          <Title href={watchPath(video._id)}>{video.title}</Title>
          <OwnerLink href={channelPath(owner.userName)}>{owner.fullName}</OwnerLink>
          <Meta>
            {formatViewCount(video.views)} • <RelativeTime iso={video.createdAt} />
          </Meta>
          {video.description && <OneLine>{video.description}</OneLine>}
        </Text>
        <VideoCardMenu video={video} />
      </Body>
    </Card>
  );
});
