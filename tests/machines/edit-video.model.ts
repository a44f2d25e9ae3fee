import type { FormValues } from '../../machines/form-dialog.js';
import { editVideoMachine, type EditVideoValues } from '../../machines/edit-video.machine.js';
import { DASHBOARD_MESSAGES as M } from '../../machines/dashboard-messages.js';
import { formDialogModel } from './form-dialog-model.js';

const newThumbnail = new Blob(['jpeg'], { type: 'image/jpeg' });

export const model = formDialogModel({
  name: 'edit video dialog',
  machine: editVideoMachine,
  initial: { title: 'Sunset', description: 'At the beach', tags: ['sea'], thumbnail: null },
  changes: [
    { title: '  ' },
    { title: ' Sunrise ' },
    // No tag left: a hint only, the save still goes through.
    { tags: [] },
    { thumbnail: newThumbnail },
  ],
  expectedRefusal: (v) => ((v as EditVideoValues).title.trim() === '' ? M.titleRequired : null),
  expectedSent: (v: FormValues) => {
    const e = v as EditVideoValues;
    return { ...e, title: e.title.trim(), description: e.description.trim() };
  },
  result: { _id: 'v1', title: 'Sunrise' },
});
