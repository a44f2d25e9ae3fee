/**
 * The Playlist page's left panel (spec §2 "Playlist detail"): the cover (the first video's
 * thumbnail, or a placeholder), playlistName, description, the video count, the created date and
 * whose playlist it is.
 */
import { Link } from 'wouter';
import type { PlaylistDetail } from '../../../contract/playlists';
import { videoCountLabel } from '../../../machines/messages';
import { Avatar } from '../../ui/avatar';
import { LibraryIcon } from '../../ui/icons';
import { channelPath, OwnerLink } from '../../components/video-card';
import { Cover, Facts, Owner, Panel } from './playlist.styles';

/** "Created Jan 5, 2026": a fixed English format, as every other text of the app is English. */
export function createdLabel(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  return `Created ${day}`;
}

export function PlaylistPanel({ playlist }: { playlist: PlaylistDetail }) {
  const { owner } = playlist;
  return (
    <Panel aria-label="Playlist details">
      <Cover data-testid="playlist-cover">
        {playlist.thumbnail ? (
          <img src={playlist.thumbnail} alt="" width={320} height={180} />
        ) : (
          <span role="img" aria-label="No cover image">
            <LibraryIcon size={48} />
          </span>
        )}
      </Cover>
      <h1>{playlist.playlistName}</h1>
      {playlist.description && <p>{playlist.description}</p>}
      <Facts>
        <span>{videoCountLabel(playlist.totalVideos)}</span>
        <span>{createdLabel(playlist.createdAt)}</span>
      </Facts>
      <Owner>
        <Link href={channelPath(owner.userName)} aria-label={`${owner.fullName} channel`}>
          <Avatar src={owner.avatar} sizes={owner.avatarSizes} alt="" size={28} />
        </Link>
        <OwnerLink href={channelPath(owner.userName)}>{owner.fullName}</OwnerLink>
      </Owner>
    </Panel>
  );
}
