/**
 * A playlist card of the channel's PlayList tab (spec §2): thumbnail (the first video's, or a
 * placeholder), 'n Videos' or 'No videos', name, description or 'No description', and when it
 * was made as a real relative time (the spec's fixed placeholder text is a defect not copied).
 * The whole card links to /Playlist/{id}.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import type { Playlist } from '../../../contract/playlists';
import { cardVideoCountLabel, MESSAGES } from '../../../machines/messages';
import { formatAge } from '../../format';
import { mutedDescription } from '../../ui/clamp';

const Card = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
  color: ${({ theme }) => theme.colors.text};
  &:hover {
    text-decoration: none;
  }
  &:hover h3 {
    color: ${({ theme }) => theme.colors.accent};
  }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
    overflow-wrap: anywhere;
  }
  p {
    ${mutedDescription}
  }
`;

const Cover = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.surfaceRaised}, #2b2140);
  display: grid;
  place-items: center;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** The count sits on the cover's bottom edge, like a playlist's stack on video sites. */
const Count = styled.span`
  position: absolute;
  inset: auto 0 0 0;
  padding: 6px 10px;
  background: rgba(0, 0, 0, 0.7);
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
`;

const Placeholder = styled.span`
  font-size: 40px;
  opacity: 0.5;
`;

export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  return (
    <Card href={`/Playlist/${encodeURIComponent(playlist._id)}`} data-testid="playlist-card">
      <Cover>
        {playlist.thumbnail ? (
          <img src={playlist.thumbnail} alt="" loading="lazy" />
        ) : (
          <Placeholder aria-hidden="true">▶</Placeholder>
        )}
        <Count>{cardVideoCountLabel(playlist.videos)}</Count>
      </Cover>
      <h3>{playlist.playlistName}</h3>
      <p>{playlist.description.trim() || MESSAGES.noDescription}</p>
      <p>{formatAge(playlist.createdAt)}</p>
    </Card>
  );
}
