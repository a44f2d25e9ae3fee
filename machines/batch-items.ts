/**
 * What the three batch dialogs (add to playlists, add videos, remove videos) share besides the
 * machine: the shapes of a line and of one saved entry, and each mode's own words (spec §5, §8),
 * so the one batch machine toasts each dialog's texts.
 */
import { PAGE_SIZE } from '../contract/limits.js';
import { DASHBOARD_MESSAGES as M } from './dashboard-messages.js';

export type BatchMode = 'addToPlaylists' | 'addVideos' | 'removeVideos';

/** One line of the checklist: a playlist or a video. */
export interface BatchItem {
  _id: string;
  label: string;
  /** Already in the playlist: shown 'Already in playlist', not selectable. */
  locked?: boolean;
  /**
   * addToPlaylists: this playlist already holds the video. It starts ticked, and unticking it
   * removes the video on Save.
   */
  held?: boolean;
  /** addToPlaylists: the built-in Watch later, always first; a new playlist goes after it. */
  builtIn?: boolean;
}

export type LineStatus = 'pending' | 'loading' | 'completed' | 'error';

export interface BatchLine {
  itemId: string;
  /** Add the entry (ticked) or remove it (a held playlist unticked, or the remove dialog). */
  op: 'add' | 'remove';
  status: LineStatus;
  error: string | null;
}

export interface SaveEntryInput {
  op: 'add' | 'remove';
  videoId: string;
  playlistId: string;
}

interface ModeTexts {
  /** SAVE with nothing ticked. */
  nothingSelected: string;
  succeeded: string;
  /** When the server gave no message of its own. */
  failed: string;
}

export const batchTexts: Readonly<Record<BatchMode, ModeTexts>> & { loadFailed: string } = {
  addToPlaylists: {
    nothingSelected: M.selectPlaylist,
    succeeded: M.videosAdded,
    failed: M.videosAddFailed,
  },
  addVideos: {
    nothingSelected: M.selectVideo,
    succeeded: M.videosAdded,
    failed: M.videosAddFailed,
  },
  removeVideos: {
    nothingSelected: M.selectVideoToRemove,
    succeeded: M.videosRemoved,
    failed: M.videosRemoveFailed,
  },
  loadFailed: M.batchLoadFailed,
};

/** Pages of the video list (at least one, so page 1 of 1 on an empty list). */
export function pageCount(c: { items: readonly BatchItem[] }): number {
  return Math.max(1, Math.ceil(c.items.length / PAGE_SIZE.addToPlaylistVideos));
}
