/**
 * Save, wherever it is offered (the watch page's button, a video card's menu, a history entry's
 * menu): Add to playlist for that video, whoever owns it — Watch later first, then each playlist
 * of the viewer's, those holding the video ticked. Its "New playlist" swaps it for Create
 * Playlist; once made, the list comes back with the new one ticked and the other ticks kept. A
 * signed-out visitor is asked to sign in first, with the popup a guarded page shows (the watch
 * page itself is guarded), and the list follows the sign-in.
 *
 * The default export is a lazy chunk (lazy-save-video.tsx): no page loads these dialogs before
 * Save is chosen.
 */
import type { VideoItem } from '../../../contract/shapes';
import { useCurrentUser } from '../../session';
import SignInPopup from '../sign-in/sign-in-popup';
import { AddToPlaylistDialog } from './add-to-playlist-dialog';

export default function SaveVideo({ video, onClose }: { video: VideoItem; onClose: () => void }) {
  const user = useCurrentUser();
  if (!user) return <SignInPopup onClose={onClose} />;
  return (
    <AddToPlaylistDialog
      // A new user (signed in just now) gets a fresh dialog listing their own playlists.
      key={user._id}
      video={video}
      canCreate
      onClose={onClose}
    />
  );
}
