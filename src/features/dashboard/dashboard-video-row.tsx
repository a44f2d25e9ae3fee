/**
 * One row of the dashboard's Videos tab: thumbnail, title linking to the watch page, the
 * visibility badge (Public, Unlisted, Private or Scheduled · time; issue 34), upload age, views and likes, the conversion status while it is not ready,
 * and the Edit, Add to playlist, Publish/Unpublish and Delete actions. The row only reports which action was asked for; the
 * confirmation machine or the dialogs decide what runs.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import { AnalyticsLink } from './analytics-link'; // issue 34: S analytics
import type { OwnVideoItem } from '../../../contract/videos';
import type { ConfirmAction } from '../../../machines/confirm-action.machine';
import { formatFullDate, formatViewCount, formatViews } from '../../format';
import { Button } from '../../ui/button';
import { Thumbnail } from '../../components/thumbnail';
import { THUMBNAIL_SIZES } from '../../../contract/thumbnail-sizes';
import { ProcessingStatus } from './processing-status';
import { RowActions, RowInfo } from './dashboard.styles';
import { watchPath } from '../../../contract/page-routes';
import { RelativeTime } from '../../components/relative-time';

// Phones keep the thumbnail beside the text (smaller) and give the actions the full width
// below, two per line, so a row stays short and every button stays easy to hit.
const Row = styled.li`
  display: grid;
  grid-template-columns: 160px minmax(0, 1fr);
  grid-template-areas: 'thumb info' 'thumb actions';
  column-gap: 12px;
  row-gap: 8px;
  align-items: start;
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  > :first-child {
    grid-area: thumb;
  }
  @media (max-width: 480px) {
    grid-template-columns: 128px minmax(0, 1fr);
    grid-template-areas: 'thumb info' 'actions actions';
    p {
      font-size: ${({ theme }) => theme.font.size.sm};
    }
  }
`;

const Info = styled(RowInfo)`
  grid-area: info;
`;

/** Age, views and likes: a line may break between the figures, never inside one ("4 likes"). */
const Meta = styled.p`
  time,
  span {
    white-space: nowrap;
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

/**
 * The row's state as it is (issue 34): "Public", "Unlisted", "Private", or "Scheduled · <date
 * time>" (the viewer's zone) for a private or unlisted video with a publication time. A server
 * older than the field says only isPublished.
 */
export function visibilityLabel(
  video: Pick<OwnVideoItem, 'isPublished' | 'visibility' | 'publishAt'>,
) {
  if (video.publishAt) return `Scheduled · ${formatFullDate(video.publishAt)}`;
  const visibility = video.visibility ?? (video.isPublished ? 'public' : 'private');
  return { public: 'Public', unlisted: 'Unlisted', private: 'Private' }[visibility];
}

/** "1 like", "1.2K likes": the row's likes, abbreviated like its views. */
function formatLikeCount(likes: number): string {
  return `${formatViews(likes)} ${likes === 1 ? 'like' : 'likes'}`;
}

export function DashboardVideoRow({
  video,
  busy,
  onAsk,
  onEdit,
  onAddToPlaylist,
}: {
  video: OwnVideoItem;
  /** This row's action runs: its buttons are disabled until it settles. */
  busy: boolean;
  onAsk: (action: ConfirmAction) => void;
  onEdit: () => void;
  onAddToPlaylist: () => void;
}) {
  const watch = watchPath(video._id);
  return (
    <Row aria-label={video.title}>
      <Thumbnail video={video} sizes={THUMBNAIL_SIZES.small} />
      <Info>
        <Link href={watch}>{video.title}</Link>
        <Badge $public={video.isPublished}>{visibilityLabel(video)}</Badge>
        <Meta>
          <RelativeTime iso={video.createdAt} /> · <span>{formatViewCount(video.views)}</span> ·{' '}
          <span>{formatLikeCount(video.likeCount)}</span>
        </Meta>
        {video.processing.state !== 'ready' && <ProcessingStatus video={video} />}
      </Info>
      <RowActions>
        <Button variant="secondary" disabled={busy} onClick={onEdit}>
          Edit
        </Button>
        <AnalyticsLink videoId={video._id} /> {/* issue 34: S analytics */}
        <Button variant="secondary" disabled={busy} onClick={onAddToPlaylist}>
          Add to playlist
        </Button>
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
      </RowActions>
    </Row>
  );
}
