/**
 * The upload dialog's promise actors: the file over tus (resumable), then the finish call
 * (tus-upload.ts), and the default thumbnail captured in the browser. Only the dashboard, whose
 * chunk holds the dialog, imports this module, so the JavaScript of `/` carries none of it; the
 * dialog reaches it through usePageActors, which tests override with fakes.
 */
import { fromPromise } from 'xstate';
import type { VideoItem } from '../../contract/shapes';
import type { UploadRequest } from '../../machines/upload.types';
import { captureThumbnail } from '../media/capture-thumbnail';
import { uploadVideoWithTus } from './tus-upload';

export const uploadActors = {
  uploadVideo: fromPromise<VideoItem, UploadRequest>(({ input, signal }) =>
    uploadVideoWithTus(input, signal),
  ),
  captureThumbnail: fromPromise<Blob, { file: File; atSeconds: number }>(({ input }) =>
    captureThumbnail(input.file, input.atSeconds),
  ),
};

export type UploadActors = typeof uploadActors;
