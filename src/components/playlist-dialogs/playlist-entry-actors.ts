/**
 * The actors of the playlist dialogs (Add to playlist, and the dashboard's add and remove videos):
 * the real ones (src/api/playlist-entries.ts, which only lazy chunks import, so `/` does not carry
 * them) unless the ActorsProvider gives others, as view tests do.
 */
import { usePageActors } from '../../actors';
import { playlistEntryActors, type PlaylistEntryActors } from '../../api/playlist-entries';

export function usePlaylistEntryActors(): PlaylistEntryActors {
  return usePageActors(playlistEntryActors);
}
