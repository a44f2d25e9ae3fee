import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  imageUploadMachine,
  selectCanUpload,
  selectError,
  selectFile,
  selectIsDragOver,
  selectIsOpen,
  selectIsUploading,
  selectKind,
} from '../../machines/image-upload.machine.js';
import { MESSAGES } from '../../machines/messages.js';
import type { Model } from '../support/model.js';
import { apiError, aJpeg, aPng, aTextFile, aUserUpdated } from './fixtures.js';

/** Images the server would refuse: refused in the popup at once, with the server's sentence. */
const aHugePng = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/png' });
const anSvg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
const REFUSALS = new Map<Blob, string>([
  [aTextFile, MESSAGES.imagesOnly],
  [aHugePng, 'Cover image is larger than 10 MB'],
  [anSvg, 'Cover image must be a PNG, JPG, GIF or WebP image'],
]);

type Snapshot = ReturnType<typeof imageUploadMachine.transition>;

export const model: Model<typeof imageUploadMachine> = {
  name: 'image upload popup',
  machine: imageUploadMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    closed: 'popup hidden and reset: no file, no error',
    open: 'popup shown',
    'open.file': 'the chosen image, if any',
    'open.file.empty': 'no file; Upload disabled (a refused non-image shows the images-only error)',
    'open.file.chosen': 'an image is kept; Upload enabled',
    'open.dropZone': 'the drag-and-drop area',
    'open.dropZone.idle': 'drop zone not highlighted',
    'open.dropZone.dragOver': 'drop zone highlighted',
    uploading: "busy; the chosen image sent as this popup's kind; close ignored",
  },
  input: { kind: 'cover' },
  promiseActors: ['uploadImage'],
  events: {
    FILE_CHOSEN: [
      { type: 'FILE_CHOSEN', file: aPng },
      { type: 'FILE_CHOSEN', file: aJpeg },
      { type: 'FILE_CHOSEN', file: aTextFile },
      { type: 'FILE_CHOSEN', file: aHugePng },
      { type: 'FILE_CHOSEN', file: anSvg },
    ],
    'xstate.done.actor.uploadImage': [
      { type: 'xstate.done.actor.uploadImage', output: aUserUpdated },
    ],
    'xstate.error.actor.uploadImage': [
      { type: 'xstate.error.actor.uploadImage', error: apiError('Image is larger than 10 MB') },
    ],
  },
  // Which image is chosen matters only as "an image or none"; the error as shown or not.
  serialize: (snapshot: AnyMachineSnapshot) => {
    const c = (snapshot as Snapshot).context;
    return JSON.stringify([snapshot.value, c.file !== null, c.error !== null]);
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as Snapshot;
    const before = previous as Snapshot | undefined;
    const file = selectFile(s);

    expect(selectKind(s)).toBe('cover');
    expect(selectIsOpen(s)).toBe(!s.matches('closed'));
    expect(selectIsUploading(s)).toBe(s.matches('uploading'));
    // Upload is enabled exactly when an image is chosen and nothing is in flight.
    expect(selectCanUpload(s)).toBe(s.matches({ open: { file: 'chosen' } }));
    if (selectCanUpload(s)) expect(file?.type.startsWith('image/')).toBe(true);
    expect(selectIsDragOver(s)).toBe(s.matches({ open: { dropZone: 'dragOver' } }));

    if (s.matches('closed')) {
      // Closed means reset: the next opening starts empty.
      expect(file).toBeNull();
      expect(selectError(s)).toBeNull();
    }
    if (s.matches({ open: { file: 'empty' } })) expect(file).toBeNull();

    switch (event.type) {
      case 'FILE_CHOSEN':
        if (REFUSALS.has(event.file as Blob)) {
          // Refused: nothing kept, the reason shown, Upload disabled.
          expect(file).toBeNull();
          expect(selectError(s)).toBe(REFUSALS.get(event.file as Blob));
        } else {
          expect(file).toBe(event.file);
          expect(selectError(s)).toBeNull();
        }
        // Dropping ends the drag highlight.
        expect(selectIsDragOver(s)).toBe(false);
        break;
      case 'CLEAR_FILE':
        expect(file).toBeNull();
        break;
      case 'UPLOAD':
        // The chosen image is sent as this popup's kind.
        expect(fakes.lastInput('uploadImage')).toEqual({
          kind: 'cover',
          file: before?.context.file,
        });
        expect(s.hasTag('busy')).toBe(true);
        break;
      case 'xstate.done.actor.uploadImage':
        expect(s.matches('closed')).toBe(true);
        expect(emitted).toEqual([{ type: 'uploaded', kind: 'cover', user: aUserUpdated }]);
        break;
      case 'xstate.error.actor.uploadImage':
        // Stays open with the same image so the user can try again.
        expect(s.matches({ open: { file: 'chosen' } })).toBe(true);
        expect(file).toBe(before?.context.file);
        expect(selectError(s)).toBe('Image is larger than 10 MB');
        expect(emitted).toEqual([
          { type: 'uploadFailed', kind: 'cover', reason: 'Image is larger than 10 MB' },
        ]);
        break;
    }
    if (!event.type.startsWith('xstate.done') && !event.type.startsWith('xstate.error')) {
      expect(emitted).toEqual([]);
    }
    // Nothing but an image is ever uploaded.
    for (const call of fakes.callsOf('uploadImage')) {
      expect((call.input as { file: Blob }).file.type.startsWith('image/')).toBe(true);
    }
  },
};
