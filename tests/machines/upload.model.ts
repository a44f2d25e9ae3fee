import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { VideoItem } from '../../contract/shapes.js';
import {
  THUMBNAIL_CAPTURE_SECONDS,
  UPLOAD_PROGRESS_CAP,
  UPLOAD_PROGRESS_DONE,
  UPLOAD_PROGRESS_STEP,
} from '../../machines/constants.js';
import { uploadMachine } from '../../machines/upload.machine.js';
import {
  selectBytes,
  selectCanFinish,
  selectFileErrors,
  selectFormError,
  selectIsCapturing,
  selectIsReconnecting,
  selectIsProcessingOnServer,
  selectResumingMessage,
  selectIsUploadingView,
  selectProgress,
  selectUploadError,
  type UploadSnapshot,
} from '../../machines/upload.selectors.js';
import {
  formIsComplete,
  UPLOAD_REQUIRED_MESSAGE,
  type UploadContext,
  type UploadRequest,
} from '../../machines/upload.types.js';
import type { Model } from '../support/model.js';

export const videoFile = new File([new Uint8Array(1000)], 'trip.mp4', { type: 'video/mp4' });
export const capturedThumb = new Blob(['captured'], { type: 'image/jpeg' });
export const chosenThumb = new Blob(['chosen'], { type: 'image/png' });
/** Refused before a byte is sent: a document picked as the video, an 11 MB thumbnail. */
export const notAVideo = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
export const hugeThumb = new Blob([new Uint8Array(11 * 1024 * 1024)], { type: 'image/png' });
export const uploadedVideo: VideoItem = {
  _id: 'v_new',
  title: 'Trip',
  description: 'A day out',
  thumbnail: 'http://localhost/media/thumbnails/t.webp',
  videoFile: 'http://localhost/media/videos/v.mp4',
  duration: 5,
  views: 0,
  isPublished: true,
  tags: ['trip'],
  createdAt: '2026-01-02T00:00:00.000Z',
  owner: { _id: 'u_alice', userName: 'alice', fullName: 'Alice Example', avatar: '' },
};

/** How many of the five required things the form holds (title, description, thumbnail, video, a tag). */
function filled(c: UploadContext): number {
  return [
    c.title.trim() !== '',
    c.description.trim() !== '',
    c.thumbnail !== null,
    c.videoFile !== null,
    c.tags.length > 0,
  ].filter(Boolean).length;
}

export const model: Model<typeof uploadMachine> = {
  name: 'upload video dialog',
  machine: uploadMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    form: 'the upload form keeps title, description, tags and files',
    'form.ready':
      'form editable; an upload starts only with title, description, video, thumbnail and a tag',
    'form.capturing': 'a thumbnail is being captured from the chosen video',
    uploading: 'progress bar shown; the trimmed fields and both files sent once',
    'uploading.bar': 'the bar follows the spec timing, whatever the connection does',
    'uploading.bar.ticking': 'bar climbs by 10 every 500 ms up to 90',
    'uploading.connection': 'whether bytes are flowing or the connection is down',
    'uploading.connection.sending': 'bytes are going out; no connection warning',
    'uploading.connection.reconnecting':
      'connection lost: the warning says the upload resumes where it stopped',
    done: 'bar at 100, Finish enabled; uploaded emitted',
    closed: 'dialog closed; closed emitted',
  },
  promiseActors: ['captureThumbnail', 'uploadVideo'],
  events: {
    FIELD_CHANGED: [
      { type: 'FIELD_CHANGED', field: 'title', value: ' Trip ' },
      { type: 'FIELD_CHANGED', field: 'title', value: '   ' },
      { type: 'FIELD_CHANGED', field: 'description', value: 'A day out' },
      // A comma finishes the tag before it; 'be' stays in the box.
      { type: 'FIELD_CHANGED', field: 'tagText', value: 'trip, be' },
    ],
    TAG_ADDED: [{ type: 'TAG_ADDED' }, { type: 'TAG_ADDED', tag: ' trip ' }],
    TAG_REMOVED: [{ type: 'TAG_REMOVED', tag: 'trip' }],
    VIDEO_CHOSEN: [
      { type: 'VIDEO_CHOSEN', file: videoFile },
      { type: 'VIDEO_CHOSEN', file: notAVideo },
    ],
    THUMBNAIL_CHOSEN: [
      { type: 'THUMBNAIL_CHOSEN', file: chosenThumb },
      { type: 'THUMBNAIL_CHOSEN', file: hugeThumb },
    ],
    UPLOAD_PROGRESS: [{ type: 'UPLOAD_PROGRESS', loaded: 400, total: 1000 }],
    UPLOAD_INTERRUPTED: [{ type: 'UPLOAD_INTERRUPTED' }],
    UPLOAD_RESUMED: [{ type: 'UPLOAD_RESUMED', sent: 300, total: 1000 }],
    UPLOAD_SENT: [{ type: 'UPLOAD_SENT' }],
    'xstate.done.actor.captureThumbnail': [
      { type: 'xstate.done.actor.captureThumbnail', output: capturedThumb },
    ],
    'xstate.error.actor.captureThumbnail': [
      { type: 'xstate.error.actor.captureThumbnail', error: new Error('Cannot decode video') },
    ],
    'xstate.done.actor.uploadVideo': [
      { type: 'xstate.done.actor.uploadVideo', output: uploadedVideo },
    ],
    'xstate.error.actor.uploadVideo': [
      { type: 'xstate.error.actor.uploadVideo', error: new Error('Video file is too large') },
    ],
  },
  // What the chart depends on: how much of the form is filled, where the thumbnail came from,
  // and the bar's value (the texts themselves do not matter).
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as UploadContext;
    return JSON.stringify([
      s.value,
      filled(c),
      c.progress,
      s.status,
      c.fileErrors,
      c.resumedBytes > 0,
      c.serverHasFile,
    ]);
  },
  assert: (snapshot, fakes, { event }) => {
    const s = snapshot as UploadSnapshot;
    const c = s.context;
    // A refused pick says why beside its picker and is never kept; a good pick clears the reason.
    if (event.type === 'VIDEO_CHOSEN') {
      const refused = event.file === notAVideo;
      expect(selectFileErrors(s).videoFile).toBe(
        refused ? 'Video file must be a video (MP4, WebM, MOV or MKV)' : null,
      );
      expect(c.videoFile).toBe(refused ? null : videoFile);
    }
    if (event.type === 'THUMBNAIL_CHOSEN') {
      const refused = event.file === hugeThumb;
      expect(selectFileErrors(s).thumbnail).toBe(refused ? 'Thumbnail is larger than 10 MB' : null);
      if (!refused) expect(c.thumbnail).toBe(chosenThumb);
    }
    expect(c.thumbnail).not.toBe(hugeThumb);
    expect(c.videoFile).not.toBe(notAVideo);
    // Tags: trimmed, none empty, none twice; the box never keeps a comma.
    expect(c.tags.every((t) => t !== '' && t === t.trim())).toBe(true);
    expect(new Set(c.tags).size).toBe(c.tags.length);
    expect(c.tagText).not.toContain(',');
    // The thumbnail is the user's choice or the capture from the chosen video.
    const thumbBySource = { none: null, captured: capturedThumb, chosen: chosenThumb };
    expect(c.thumbnail).toBe(thumbBySource[c.thumbnailSource]);
    // The error text, when shown, is the spec's exact alert; it goes once the form is complete.
    expect([null, UPLOAD_REQUIRED_MESSAGE]).toContain(selectFormError(s));
    if (formIsComplete(c)) expect(selectFormError(s)).toBeNull();
    // An upload only ever starts with everything filled in, trimmed.
    for (const call of fakes.callsOf('uploadVideo')) {
      const r = call.input as UploadRequest;
      expect(formIsComplete(r)).toBe(true);
      expect([r.title, r.description]).toEqual([r.title.trim(), r.description.trim()]);
    }
    for (const call of fakes.callsOf('captureThumbnail')) {
      expect(call.input).toEqual({ file: videoFile, atSeconds: THUMBNAIL_CAPTURE_SECONDS });
    }
    expect(selectCanFinish(s)).toBe(s.matches('done'));

    if (s.matches('form')) {
      expect(selectIsUploadingView(s)).toBe(false);
      expect(selectProgress(s)).toBe(0);
      expect(selectIsCapturing(s)).toBe(s.matches({ form: 'capturing' }));
      expect([null, 'Video file is too large']).toContain(selectUploadError(s));
    }
    if (s.matches({ form: 'capturing' })) {
      expect(c.videoFile).toBe(videoFile);
      expect(c.thumbnailSource).not.toBe('chosen');
      expect(s.children.captureThumbnail).toBeDefined();
    }
    if (s.matches('uploading')) {
      expect(formIsComplete(c)).toBe(true);
      expect(selectFormError(s)).toBeNull();
      expect(selectUploadError(s)).toBeNull();
      const r = fakes.lastInput('uploadVideo') as UploadRequest;
      expect(r).toMatchObject({
        title: c.title.trim(),
        description: c.description.trim(),
        thumbnail: c.thumbnail,
        videoFile,
        tags: c.tags,
      });
      expect(typeof r.onProgress).toBe('function');
      expect(typeof r.onInterrupted).toBe('function');
      expect(typeof r.onResumed).toBe('function');
      expect(typeof r.onSent).toBe('function');
      // The bar climbs in steps of 10 and stops at 90 until the server answers.
      expect(selectProgress(s) % UPLOAD_PROGRESS_STEP).toBe(0);
      expect(selectProgress(s)).toBeLessThanOrEqual(UPLOAD_PROGRESS_CAP);
      // Bytes: the file's size until the request reports, then what it reported.
      expect([
        { sent: 0, total: videoFile.size },
        { sent: 300, total: 1000 },
        { sent: 400, total: 1000 },
      ]).toContainEqual(selectBytes(s));
      // An upload that went on from an earlier one says how much the server already held.
      if (c.resumedBytes > 0 && !s.hasTag('reconnecting') && !c.serverHasFile) {
        expect(selectResumingMessage(s)).toBe('Resuming: 300 B of 1000 B already sent');
      }
      // "Processing on the server…" only once the server said it holds every byte.
      expect(selectIsProcessingOnServer(s)).toBe(c.serverHasFile && !s.hasTag('reconnecting'));
    }
    if (
      !s.matches('uploading') ||
      c.resumedBytes === 0 ||
      s.hasTag('reconnecting') ||
      c.serverHasFile
    ) {
      expect(selectResumingMessage(s)).toBeNull();
    }
    if (!s.matches('uploading')) expect(selectIsProcessingOnServer(s)).toBe(false);
    // The warning shows exactly while the connection is down.
    expect(selectIsReconnecting(s)).toBe(s.matches({ uploading: { connection: 'reconnecting' } }));
    if (s.matches('done')) {
      expect(selectProgress(s)).toBe(UPLOAD_PROGRESS_DONE);
      expect(selectBytes(s).sent).toBe(selectBytes(s).total);
      expect(selectIsUploadingView(s)).toBe(true);
    }
    if (s.matches('closed')) expect(s.status).toBe('done');
  },
};
