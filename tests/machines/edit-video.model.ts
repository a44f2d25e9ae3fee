import type { FormValues } from '../../machines/form-dialog.js';
import { editVideoMachine, type EditVideoValues } from '../../machines/edit-video.machine.js';
import { UPLOAD_REQUIRED_MESSAGE } from '../../machines/upload.types.js';
import { formDialogModel } from './form-dialog-model.js';

const newThumbnail = new Blob(['jpeg'], { type: 'image/jpeg' });

export const model = formDialogModel({
  name: 'edit video dialog',
  machine: editVideoMachine,
  initial: { title: 'Sunset', description: 'At the beach', tags: ['sea'], thumbnail: null },
  changes: [
    { title: '  ' },
    { title: ' Sunrise ' },
    { description: ' ' },
    // No tag left: refused, as the upload dialog refuses it (spec §5).
    { tags: [] },
    { thumbnail: newThumbnail },
  ],
  expectedRefusal: (v) => {
    const e = v as EditVideoValues;
    const missing = e.title.trim() === '' || e.description.trim() === '' || e.tags.length === 0;
    return missing ? UPLOAD_REQUIRED_MESSAGE : null;
  },
  expectedSent: (v: FormValues) => {
    const e = v as EditVideoValues;
    return { ...e, title: e.title.trim(), description: e.description.trim() };
  },
  result: { _id: 'v1', title: 'Sunrise' },
});
