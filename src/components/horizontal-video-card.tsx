/**
 * A search result: thumbnail on the left, text on the right (stacked on narrow phones), the "⋮"
 * menu (Save) beside the title.
 */
import { Link } from 'wouter';
import styled, { css } from 'styled-components';
import type { VideoItem } from '../../contract/shapes';
import { Avatar } from '../ui/avatar';
import { formatViewCount } from '../format';
import { Thumbnail } from './thumbnail';
import { THUMBNAIL_SIZES } from '../../contract/thumbnail-sizes';
import { Meta, OwnerLink, Title, channelPath } from './video-card';
import { mutedDescription } from '../ui/clamp';
import { watchPath } from '../../contract/page-routes';
import { RelativeTime } from './relative-time';
import { VideoCardMenu } from './video-card-menu';
import { TitleRow } from './video-menu.styles';

/** Thumbnail above the text on phones, beside it from `sm` up (shared with the skeleton). */
export const horizontalCardColumns = css`
  display: grid;
  grid-template-columns: 1fr;
  gap: 10px;
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: minmax(160px, 40%) 1fr;
    gap: 16px;
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 360px 1fr;
  }
`;

const Row = styled.article`
  ${horizontalCardColumns}
`;

const Text = styled.div`
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const Owner = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const Description = styled.p`
  ${mutedDescription}
`;

export function HorizontalVideoCard({
  video,
  eager,
  compact,
}: {
  video: VideoItem;
  eager?: boolean;
  /** Side lists (More From This Channel): no description, smaller avatar row. */
  compact?: boolean;
}) {
  const { owner } = video;
  return (
    <Row aria-label={video.title} data-compact={compact || undefined}>
      <Thumbnail
        video={video}
        eager={eager}
        sizes={compact ? THUMBNAIL_SIZES.small : THUMBNAIL_SIZES.row}
      />
      <Text>
        <TitleRow>
          <Title href={watchPath(video._id)}>{video.title}</Title>
          <VideoCardMenu video={video} />
        </TitleRow>
        <Meta>
          {formatViewCount(video.views)} • <RelativeTime iso={video.createdAt} />
        </Meta>
        <Owner>
          {!compact && (
            <Link
              href={channelPath(owner.userName)}
              aria-label={`${owner.fullName} channel`}
              style={{ flex: 'none' }}
            >
              <Avatar src={owner.avatar} sizes={owner.avatarSizes} alt="" size={24} />
            </Link>
          )}
          <OwnerLink href={channelPath(owner.userName)}>{owner.fullName}</OwnerLink>
        </Owner>
        {!compact && video.description && <Description>{video.description}</Description>}
      </Text>
    </Row>
  );
}
