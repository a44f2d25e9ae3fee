/**
 * Save's dialogs (playlist-dialogs/save-video.tsx) as a lazy chunk, so the pages that offer Save
 * (every video card, `/` included) carry none of their code until it is chosen. Opening a menu
 * that holds Save can start the download early (`preloadSaveVideo`).
 */
import { lazy, Suspense } from 'react';
import type { VideoItem } from '../../contract/shapes';

const load = () => import('./playlist-dialogs/save-video');
const SaveVideoDialogs = lazy(load);

/** Starts loading the dialogs' chunk (the browser fetches a module once). */
export function preloadSaveVideo(): void {
  // A failed download shows when Save is chosen (lazy() asks again); nothing to say before.
  load().catch(() => undefined);
}

/** Save for `video`: Add to playlist (or sign in first) until `onClose`. */
export function SaveVideoDialog({ video, onClose }: { video: VideoItem; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <SaveVideoDialogs video={video} onClose={onClose} />
    </Suspense>
  );
}
