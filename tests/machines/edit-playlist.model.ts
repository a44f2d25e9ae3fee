import { editPlaylistMachine } from '../../machines/playlist-form.machine.js';
import { DASHBOARD_MESSAGES as M } from '../../machines/dashboard-messages.js';
import { blank, changes, playlist, trimmed } from './create-playlist.model.js';
import { formDialogModel } from './form-dialog-model.js';

export const model = formDialogModel({
  name: 'edit playlist dialog',
  machine: editPlaylistMachine,
  initial: { title: 'Road trips', description: 'Summer' },
  changes,
  expectedRefusal: (v) => (blank(v.title) ? M.titleRequired : null),
  expectedSent: trimmed,
  result: playlist,
});
