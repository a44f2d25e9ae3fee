/**
 * One row of the dashboard's Videos tab: thumbnail, title linking to the watch page, the
 * Public/Private badge, upload age, views, and the Publish/Unpublish and Delete actions. The row
 * only reports which action was asked for; the confirmation machine decides what runs.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import type { VideoItem } from '../../../contract/shapes';
import type { ConfirmAction } from '../../../machines/confirm-action.machine';
import { formatAge, formatViewCount } from '../../format';
import { Button } from '../../ui/button';
import { Thumbnail } from '../videos/thumbnail';
import { THUMBNAIL_SIZES } from '../videos/thumbnail-sizes';

const Row = styled.li`
  display: grid;
  grid-template-columns: 160px 1fr;
  gap: 12px;
  align-items: start;
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
  }
`;

const Info = styled.div`
  display: grid;
  gap: 6px;
  min-width: 0;
  a {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Badge = styled.span<{ $public: boolean }>`
  justify-self: start;
  padding: 1px 8px;
  border-radius: 999px;
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ $public, theme }) => ($public ? theme.colors.text : theme.colors.textMuted)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

export function DashboardVideoRow({
  video,
  busy,
  onAsk,
}: {
  video: VideoItem;
  /** This row's action runs: its buttons are disabled until it settles. */
  busy: boolean;
  onAsk: (action: ConfirmAction) => void;
}) {
  const watch = `/watch/${encodeURIComponent(video._id)}`;
  return (
    <Row aria-label={video.title}>
      <Thumbnail video={video} sizes={THUMBNAIL_SIZES.small} />
      <Info>
        <Link href={watch}>{video.title}</Link>
        <Badge $public={video.isPublished}>{video.isPublished ? 'Public' : 'Private'}</Badge>
        <p>
          {formatViewCount(video.views)} ·{' '}
          <time dateTime={video.createdAt}>{formatAge(video.createdAt)}</time>
        </p>
        <Actions>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => onAsk(video.isPublished ? 'unpublish' : 'publish')}
          >
            {video.isPublished ? 'Unpublish' : 'Publish'}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => onAsk('deleteVideo')}>
            Delete
          </Button>
        </Actions>
      </Info>
    </Row>
  );
}
