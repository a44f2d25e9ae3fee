/**
 * What the batch dialogs' views read from the batch machine (add-to-playlist.machine.ts): the
 * visible lines ('Show more' or one page of videos), the selection and each line's state.
 * A file of its own only to keep the machine file short; it imports only types from it, and the
 * machine imports nothing from here.
 */
import type { SnapshotFrom } from 'xstate';
import { PAGE_SIZE } from '../contract/limits.js';
import type { addToPlaylistMachine, BatchItem, LineStatus } from './add-to-playlist.machine.js';
import { pageCount } from './batch-items.js';
import { PLAYLISTS_BEFORE_SHOW_MORE } from './constants.js';

export type BatchSnapshot = SnapshotFrom<typeof addToPlaylistMachine>;

/** Selectors the views use. */
export const selectIsPaged = (s: BatchSnapshot) => s.context.mode !== 'addToPlaylists';
/** The lines on screen: the first four playlists until 'Show more', or one page of videos. */
export const selectVisibleItems = (s: BatchSnapshot): BatchItem[] => {
  const c = s.context;
  if (c.mode === 'addToPlaylists') {
    return c.showAll ? c.items : c.items.slice(0, PLAYLISTS_BEFORE_SHOW_MORE);
  }
  const size = PAGE_SIZE.addToPlaylistVideos;
  return c.items.slice((c.page - 1) * size, c.page * size);
};
/** 'Show more' is offered: more than four playlists. */
export const selectHasShowMore = (s: BatchSnapshot) =>
  s.context.mode === 'addToPlaylists' && s.context.items.length > PLAYLISTS_BEFORE_SHOW_MORE;
export const selectShowAll = (s: BatchSnapshot) => s.context.showAll;
export const selectPage = (s: BatchSnapshot) => s.context.page;
export const selectPageCount = (s: BatchSnapshot) => pageCount(s.context);
export const selectSelected = (s: BatchSnapshot) => s.context.selected;
export const selectLines = (s: BatchSnapshot) => s.context.lines;
export const selectLineStatus = (s: BatchSnapshot, itemId: string): LineStatus | null =>
  s.context.lines.find((l) => l.itemId === itemId)?.status ?? null;
export const selectIsLoading = (s: BatchSnapshot) => s.matches('loading');
/** "New playlist" was chosen: Create Playlist shows in the dialog's place. */
export const selectIsCreating = (s: BatchSnapshot) => s.matches('creating');
export const selectHasFailed = (s: BatchSnapshot) => s.matches('failed');
export const selectError = (s: BatchSnapshot) => s.context.error;
/** Save and the checkboxes are disabled, and Escape does nothing. */
export const selectIsSaving = (s: BatchSnapshot) => s.hasTag('busy');

/** One line of the save queue as the views show it: the item's label beside its state. */
export interface BatchLineView {
  itemId: string;
  label: string;
  status: LineStatus;
  error: string | null;
}

/** The save queue with each line's label (the status list shown while saving). */
export const selectLineViews = (s: BatchSnapshot): BatchLineView[] =>
  s.context.lines.map((line) => ({
    ...line,
    label: s.context.items.find((i) => i._id === line.itemId)?.label ?? line.itemId,
  }));
/** Loaded, and nothing to choose from (the caller has no playlists, or no videos). */
export const selectIsEmpty = (s: BatchSnapshot) =>
  s.matches('selecting') && s.context.items.length === 0;
