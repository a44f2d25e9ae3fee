import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { VideoItem } from '../../contract/shapes.js';
import { UPLOAD_CLOSE_DELAY_MS, UPLOAD_PROGRESS_TICK_MS } from '../../machines/constants.js';
import { uploadMachine } from '../../machines/upload.machine.js';
import {
  selectBytes,
  selectCanFinish,
  selectForm,
  selectFormError,
  selectIsReconnecting,
  selectProgress,
} from '../../machines/upload.selectors.js';
import { UPLOAD_REQUIRED_MESSAGE, type UploadRequest } from '../../machines/upload.types.js';
import { describeModel } from '../support/model-vitest.js';
import { capturedThumb, chosenThumb, model, uploadedVideo, videoFile } from './upload.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

/** The dialog with a capture that answers at once and an upload the test finishes by hand. */
function start(options: { captureFails?: boolean } = {}) {
  const uploads: UploadRequest[] = [];
  let finish: { resolve: (v: VideoItem) => void; reject: (e: Error) => void } | null = null;
  const clock = new SimulatedClock();
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        captureThumbnail: fromPromise(async () => {
          if (options.captureFails) throw new Error('Cannot decode video');
          return capturedThumb;
        }),
        uploadVideo: fromPromise<VideoItem, UploadRequest>(
          ({ input }) =>
            new Promise((resolve, reject) => {
              uploads.push(input);
              finish = { resolve, reject };
            }),
        ),
      },
    }),
    { clock },
  ).start();
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  const server = {
    succeed: () => finish!.resolve(uploadedVideo),
    fail: () => finish!.reject(new Error('Video file is too large')),
  };
  return { actor, clock, uploads, emitted, server };
}

async function fillIn(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'FIELD_CHANGED', field: 'title', value: ' Trip ' });
  actor.send({ type: 'FIELD_CHANGED', field: 'description', value: 'A day out' });
  actor.send({ type: 'VIDEO_CHOSEN', file: videoFile });
  actor.send({ type: 'TAG_ADDED', tag: 'trip' });
  await settle();
}

describe('upload video dialog', () => {
  it('refuses to upload with anything missing, with the exact alert text', async () => {
    const { actor, uploads } = start();
    actor.send({ type: 'FIELD_CHANGED', field: 'title', value: 'Trip' });
    actor.send({ type: 'FIELD_CHANGED', field: 'description', value: 'A day out' });
    actor.send({ type: 'VIDEO_CHOSEN', file: videoFile });
    await settle();
    actor.send({ type: 'SUBMIT' }); // no tag yet
    expect(selectFormError(actor.getSnapshot())).toBe(
      'All fields marked with * are required! You must add at least one tag.',
    );
    expect(UPLOAD_REQUIRED_MESSAGE).toBe(selectFormError(actor.getSnapshot()));
    expect(uploads).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ form: 'ready' });
    // Fixed: the alert goes as soon as the last missing field is filled, before any Submit.
    actor.send({ type: 'TAG_ADDED', tag: 'trip' });
    expect(selectFormError(actor.getSnapshot())).toBeNull();
  });

  it('adds tags with Enter, comma or Add: trimmed, empty and duplicates ignored', () => {
    const { actor } = start();
    const tags = () => selectForm(actor.getSnapshot()).tags;
    actor.send({ type: 'FIELD_CHANGED', field: 'tagText', value: ' travel ' });
    actor.send({ type: 'TAG_ADDED' }); // Enter or Add
    actor.send({ type: 'FIELD_CHANGED', field: 'tagText', value: 'beach,' }); // comma
    actor.send({ type: 'FIELD_CHANGED', field: 'tagText', value: 'travel, ,sun, be' });
    actor.send({ type: 'TAG_ADDED', tag: '   ' });
    expect(tags()).toEqual(['travel', 'beach', 'sun']);
    expect(selectForm(actor.getSnapshot()).tagText).toBe('be');
    actor.send({ type: 'TAG_REMOVED', tag: 'beach' });
    expect(tags()).toEqual(['travel', 'sun']);
  });

  it('captures the thumbnail from the video; the user can replace it and keep their choice', async () => {
    const { actor } = start();
    actor.send({ type: 'VIDEO_CHOSEN', file: videoFile });
    await settle();
    expect(selectForm(actor.getSnapshot()).thumbnail).toBe(capturedThumb);
    actor.send({ type: 'THUMBNAIL_CHOSEN', file: chosenThumb });
    actor.send({ type: 'VIDEO_CHOSEN', file: videoFile });
    await settle();
    expect(selectForm(actor.getSnapshot()).thumbnail).toBe(chosenThumb);
  });

  it('tells the view when no thumbnail could be captured', async () => {
    const { actor, emitted } = start({ captureFails: true });
    actor.send({ type: 'VIDEO_CHOSEN', file: videoFile });
    await settle();
    expect(emitted).toEqual(['thumbnailCaptureFailed']);
    expect(selectForm(actor.getSnapshot()).thumbnail).toBeNull();
  });

  it('climbs by 10 every 500 ms to 90, jumps to 100 on success and closes 1 s later', async () => {
    const { actor, clock, uploads, emitted, server } = start();
    await fillIn(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ title: 'Trip', tags: ['trip'], thumbnail: capturedThumb });
    const seen = [selectProgress(actor.getSnapshot())];
    for (let i = 0; i < 11; i++) {
      clock.increment(UPLOAD_PROGRESS_TICK_MS);
      seen.push(selectProgress(actor.getSnapshot()));
    }
    expect(seen).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 90, 90]);
    expect(selectCanFinish(actor.getSnapshot())).toBe(false);
    // Real bytes from the request's progress.
    uploads[0]!.onProgress(512, 1000);
    expect(selectBytes(actor.getSnapshot())).toEqual({ sent: 512, total: 1000 });
    server.succeed();
    await settle();
    expect(selectProgress(actor.getSnapshot())).toBe(100);
    expect(selectCanFinish(actor.getSnapshot())).toBe(true);
    expect(emitted).toEqual(['uploaded']);
    clock.increment(UPLOAD_CLOSE_DELAY_MS - 1);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toEqual(['uploaded', 'closed']);
  });

  it('warns while the connection is down and goes on from the bytes already sent', async () => {
    const { actor, clock, uploads, server } = start();
    await fillIn(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    uploads[0]!.onProgress(500, 1000);
    clock.increment(UPLOAD_PROGRESS_TICK_MS);
    uploads[0]!.onInterrupted();
    expect(selectIsReconnecting(actor.getSnapshot())).toBe(true);
    // The bar keeps the spec's timing and the bytes stay where they were.
    clock.increment(UPLOAD_PROGRESS_TICK_MS);
    expect(selectProgress(actor.getSnapshot())).toBe(20);
    expect(selectBytes(actor.getSnapshot())).toEqual({ sent: 500, total: 1000 });
    // The transfer resumed where it stopped: the next report continues from 500.
    uploads[0]!.onProgress(600, 1000);
    expect(selectIsReconnecting(actor.getSnapshot())).toBe(false);
    expect(selectBytes(actor.getSnapshot())).toEqual({ sent: 600, total: 1000 });
    expect(uploads).toHaveLength(1); // one upload, resumed, never started again
    server.succeed();
    await settle();
    expect(selectProgress(actor.getSnapshot())).toBe(100);
  });

  it('Finish closes at once', async () => {
    const { actor, emitted, server } = start();
    await fillIn(actor);
    actor.send({ type: 'FINISH' }); // not enabled before the upload is done
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().status).toBe('active');
    server.succeed();
    await settle();
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toEqual(['uploaded', 'closed']);
  });

  it('on failure goes back to the form with everything kept and tells the view', async () => {
    const { actor, emitted, server } = start();
    await fillIn(actor);
    actor.send({ type: 'SUBMIT' });
    await settle();
    server.fail();
    await settle();
    expect(emitted).toEqual(['failed']);
    expect(actor.getSnapshot().value).toEqual({ form: 'ready' });
    expect(selectProgress(actor.getSnapshot())).toBe(0);
    expect(selectForm(actor.getSnapshot())).toMatchObject({
      title: ' Trip ',
      description: 'A day out',
      thumbnail: capturedThumb,
      videoFile,
      tags: ['trip'],
    });
  });
});
