/**
 * The Create Playlist and Edit Playlist dialogs (spec §2 Dialogs, §5, §8), two thin machines on
 * the form core (form-dialog.ts). Create needs title and description ('All fields marked with *
 * are required!'); edit needs the title ('Title is required!'). The server refusing either keeps
 * the dialog open with its message in red.
 *
 * Input:   { values: { title, description } } — blanks to create, the playlist's to edit.
 * Actor:   save — input { title, description } (trimmed), output Playlist (emitted as `saved.result`). The real one posts
 *          { title, description } to create and patches { name, description } to edit (spec §7).
 * Events, emitted and selectors: those of form-dialog.ts.
 */
import { isReservedPlaylistName, RESERVED_NAME_MESSAGE } from '../contract/playlist-names.js';
import { formDialogMachine } from './form-dialog.js';
import { DASHBOARD_MESSAGES } from './dashboard-messages.js';
import { isBlank } from './validation.js';

export type PlaylistValues = Readonly<{ title: string; description: string }>;

export const emptyPlaylistValues: PlaylistValues = { title: '', description: '' };

const trimmed = (v: PlaylistValues): PlaylistValues => ({
  title: v.title.trim(),
  description: v.description.trim(),
});

/** "Watch later" (any case or spacing) is the built-in list's name: the server refuses it too. */
const reserved = (v: PlaylistValues) =>
  isReservedPlaylistName(v.title) ? RESERVED_NAME_MESSAGE : null;

export const createPlaylistMachine = formDialogMachine<PlaylistValues>({
  id: 'createPlaylist',
  check: (v) =>
    isBlank(v.title) || isBlank(v.description)
      ? DASHBOARD_MESSAGES.allFieldsMarkedRequired
      : reserved(v),
  prepare: trimmed,
  failed: DASHBOARD_MESSAGES.playlistCreateFailed,
});

export const editPlaylistMachine = formDialogMachine<PlaylistValues>({
  id: 'editPlaylist',
  check: (v) => (isBlank(v.title) ? DASHBOARD_MESSAGES.titleRequired : reserved(v)),
  prepare: trimmed,
  failed: DASHBOARD_MESSAGES.playlistUpdateFailed,
});

export { selectError, selectIsSaving, selectValues } from './form-dialog.js';
