/**
 * One comment in the review queue: its video (thumbnail and title, both opening the watch page),
 * the author, when it was written, the whole text, and Approve / Delete. While this row's action
 * runs its button says so; while any runs every row's buttons wait. A failed action's reason
 * stays under the row until the next action.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import { watchPath } from '../../../contract/page-routes';
import { srcSetOf } from '../../../contract/srcset';
import { THUMBNAIL_SIZES } from '../../../contract/thumbnail-sizes';
import type { HeldAction, HeldItem } from '../../../machines/held-queue.machine';
import { Button } from '../../ui/button';
import { Avatar } from '../../ui/avatar';
import { RelativeTime } from '../../components/relative-time';
import { channelPath } from '../../components/video-card';
import { RowActions, RowInfo } from './dashboard.styles';

// Phones: the thumbnail beside the video's title, the comment and actions the full width below.
const Row = styled.li`
  display: grid;
  grid-template-columns: 160px minmax(0, 1fr);
  grid-template-areas: 'thumb info' 'thumb comment' 'thumb actions';
  column-gap: 16px;
  row-gap: 8px;
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: 480px) {
    grid-template-columns: 112px minmax(0, 1fr);
    grid-template-areas: 'thumb info' 'comment comment' 'actions actions';
  }
`;

const Thumb = styled(Link)`
  grid-area: thumb;
  display: block;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Info = styled(RowInfo)`
  grid-area: info;
  align-self: center;
`;

const Said = styled.div`
  grid-area: comment;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 4px 10px;
  align-items: start;
  > img {
    grid-row: span 2;
  }
`;

const Author = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

const Text = styled.p`
  grid-column: 2;
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Failure = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export function HeldCommentRow({
  held,
  pending,
  busy,
  failure,
  onAct,
}: {
  held: HeldItem;
  /** The action running for this row, if any. */
  pending: HeldAction | null;
  /** Some row's action runs: this row's buttons wait too. */
  busy: boolean;
  failure: string | null;
  onAct: (action: HeldAction) => void;
}) {
  const { comment, video } = held;
  const watch = watchPath(video._id);
  const srcSet = srcSetOf(video.thumbnailSizes);
  const author = comment.owner;
  return (
    <Row aria-label={`Comment by @${author.userName} on ${video.title}`}>
      <Thumb href={watch} tabIndex={-1} aria-hidden="true">
        <img
          src={video.thumbnail}
          srcSet={srcSet}
          sizes={srcSet && THUMBNAIL_SIZES.small}
          alt=""
          loading="lazy"
          width={160}
          height={90}
        />
      </Thumb>
      <Info>
        <Link href={watch}>{video.title}</Link>
      </Info>
      <Said>
        <Avatar src={author.avatar} sizes={author.avatarSizes} alt="" size={32} />
        <Author>
          <Link href={channelPath(author.userName)}>@{author.userName}</Link> ·{' '}
          <RelativeTime iso={comment.createdAt} />
        </Author>
        <Text>{comment.content}</Text>
      </Said>
      <RowActions>
        <Button variant="secondary" disabled={busy} onClick={() => onAct('approve')}>
          {pending === 'approve' ? 'Approving…' : 'Approve'}
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => onAct('delete')}>
          {pending === 'delete' ? 'Deleting…' : 'Delete'}
        </Button>
      </RowActions>
      {failure && <Failure role="alert">{failure}</Failure>}
    </Row>
  );
}
