/**
 * The Create Playlist and Edit Playlist dialogs (machines/playlist-form.machine.ts): title and
 * description. A refusal is toasted and, like the server's error, shown in red inside the dialog
 * (spec §8); what was typed stays. While saving the fields and buttons are disabled and Escape
 * does nothing, since the machine ignores CLOSE then.
 */
import { useId, useMemo } from 'react';
import type { Playlist } from '../../../contract/playlists';
import { LIMITS } from '../../../contract/limits';
import {
  createPlaylistMachine,
  editPlaylistMachine,
  emptyPlaylistValues,
  type PlaylistValues,
} from '../../../machines/playlist-form.machine';
import { dashboardPlaylistActors } from '../../api/dashboard-playlists';
import { usePageActors } from '../../actors';
import { Field } from '../../ui/form-layout.styles';
import { useFormDialog } from '../form-dialog/use-form-dialog';
import { FormDialogFrame } from '../form-dialog/form-dialog-frame';
import { formSave } from '../form-dialog/form-save';

export const PLAYLIST_DIALOG_TITLES = { create: 'Create Playlist', edit: 'Edit Playlist' } as const;

export function PlaylistFormDialog({
  playlist,
  onClose,
  onSaved,
}: {
  /** The playlist to edit; absent to create one. */
  playlist?: Playlist;
  onClose: () => void;
  onSaved: (playlist: Playlist) => void;
}) {
  const ids = useId();
  const { createPlaylist, updatePlaylist } = usePageActors(dashboardPlaylistActors);
  const machine = useMemo(
    () =>
      playlist
        ? editPlaylistMachine.provide({
            actors: { save: formSave(updatePlaylist, { playlistId: playlist._id }) },
          })
        : createPlaylistMachine.provide({ actors: { save: formSave(createPlaylist) } }),
    // One machine per opening: the dialog is mounted fresh for each playlist.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const form = useFormDialog<PlaylistValues, Playlist>(
    machine,
    playlist
      ? { title: playlist.playlistName, description: playlist.description }
      : emptyPlaylistValues,
    { onSaved, onClose },
  );
  const { values, saving, change } = form;
  // Create needs both fields, edit only the title (spec §5): the stars say which.
  const descriptionLabel = playlist ? 'Description' : 'Description *';

  return (
    <FormDialogFrame
      title={PLAYLIST_DIALOG_TITLES[playlist ? 'edit' : 'create']}
      submitLabel={playlist ? 'Save' : 'Create'}
      form={form}
    >
      <Field>
        <label htmlFor={`${ids}-title`}>Title *</label>
        <input
          id={`${ids}-title`}
          type="text"
          value={values.title}
          maxLength={LIMITS.playlistName.max}
          disabled={saving}
          onChange={(e) => change({ title: e.target.value })}
        />
      </Field>
      <Field>
        <label htmlFor={`${ids}-description`}>{descriptionLabel}</label>
        <textarea
          id={`${ids}-description`}
          value={values.description}
          maxLength={LIMITS.playlistDescription.max}
          disabled={saving}
          onChange={(e) => change({ description: e.target.value })}
        />
      </Field>
    </FormDialogFrame>
  );
}
