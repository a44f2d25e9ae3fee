/**
 * One row of the dashboard's Playlists tab: cover, name linking to the playlist page, the video
 * count, description and age, and the actions edit, add videos, remove videos and delete. The row
 * only says which action was chosen; the tab opens the dialog or asks for confirmation.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import type { Playlist } from '../../../contract/playlists';
import { MESSAGES } from '../../../machines/messages';
import { formatAge } from '../../format';
import { Button } from '../../ui/button';
import { cardVideoCountLabel } from '../../../machines/messages';
import { RowInfo as Info } from './dashboard.styles';

export type PlaylistAction = 'edit' | 'addVideos' | 'removeVideos' | 'delete';

const Row = styled.li`
  display: grid;
  grid-template-columns: 160px 1fr;
  gap: 12px;
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: 480px) {
    grid-template-columns: 112px 1fr;
  }
`;

const Cover = styled.div`
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** Full width under cover and text on phones, so four buttons never squeeze the title. */
const Actions = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  ${({ theme }) => theme.media.md} {
    grid-column: 2;
  }
`;

export function DashboardPlaylistRow({
  playlist,
  busy,
  onAction,
}: {
  playlist: Playlist;
  /** Its delete runs: the buttons wait until it settles. */
  busy: boolean;
  onAction: (action: PlaylistAction) => void;
}) {
  return (
    <Row aria-label={playlist.playlistName}>
      <Cover>
        {playlist.thumbnail ? (
          <img src={playlist.thumbnail} alt="" loading="lazy" />
        ) : (
          <span aria-hidden="true">▶</span>
        )}
      </Cover>
      <Info>
        <Link href={`/Playlist/${encodeURIComponent(playlist._id)}`}>{playlist.playlistName}</Link>
        <p>
          {cardVideoCountLabel(playlist.videos)} · Updated{' '}
          <time dateTime={playlist.updatedAt}>{formatAge(playlist.updatedAt)}</time>
        </p>
        <p>{playlist.description.trim() || MESSAGES.noDescription}</p>
      </Info>
      <Actions>
        <Button variant="secondary" disabled={busy} onClick={() => onAction('edit')}>
          Edit
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => onAction('addVideos')}>
          Add videos
        </Button>
        <Button
          variant="secondary"
          disabled={busy || playlist.videos === 0}
          onClick={() => onAction('removeVideos')}
        >
          Remove videos
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => onAction('delete')}>
          Delete
        </Button>
      </Actions>
    </Row>
  );
}
