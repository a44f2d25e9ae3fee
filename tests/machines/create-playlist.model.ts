import {
  createPlaylistMachine,
  emptyPlaylistValues,
  type PlaylistValues,
} from '../../machines/playlist-form.machine.js';
import { DASHBOARD_MESSAGES as M } from '../../machines/dashboard-messages.js';
import type { FormValues } from '../../machines/form-dialog.js';
import { formDialogModel } from './form-dialog-model.js';

export const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
export const trimmed = (v: FormValues) => {
  const p = v as PlaylistValues;
  return { title: p.title.trim(), description: p.description.trim() };
};
export const playlist = { _id: 'pl1', playlistName: 'Road trips', description: 'Summer' };
export const changes = [
  { title: ' Road trips ' },
  { description: ' Summer ' },
  { title: '  ' },
  { description: '' },
];

export const model = formDialogModel({
  name: 'create playlist dialog',
  machine: createPlaylistMachine,
  initial: emptyPlaylistValues,
  changes,
  expectedRefusal: (v) =>
    blank(v.title) || blank(v.description) ? M.allFieldsMarkedRequired : null,
  expectedSent: trimmed,
  result: playlist,
});
