/**
 * What the upload dialog's views read from the upload machine (upload.machine.ts). A file of its
 * own only to keep the machine file short; it imports only the machine's type.
 */
import type { SnapshotFrom } from 'xstate';
import type { uploadMachine } from './upload.machine.js';
import { formIsComplete, uploadResumingMessage } from './upload.types.js';

export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;

/** Selectors the views use. */
export const selectIsUploadingView = (s: UploadSnapshot) =>
  s.matches('uploading') || s.matches('done') || s.matches('closed');
export const selectProgress = (s: UploadSnapshot) => s.context.progress;
export const selectBytes = (s: UploadSnapshot) => ({
  sent: s.context.bytesSent,
  total: s.context.bytesTotal,
});
export const selectCanFinish = (s: UploadSnapshot) => s.matches('done');
/** The server holds every byte and its answer (the new video) has not come yet. */
export const selectIsProcessingOnServer = (s: UploadSnapshot) =>
  s.matches('uploading') && s.context.serverHasFile && !s.hasTag('reconnecting');
/**
 * "Resuming: 34 MB of 41 MB already sent" while an upload that went on from an earlier one sends
 * the rest; null otherwise (and while the connection is down or the server is processing).
 */
export const selectResumingMessage = (s: UploadSnapshot) =>
  s.matches('uploading') &&
  s.context.resumedBytes > 0 &&
  !s.hasTag('reconnecting') &&
  !s.context.serverHasFile
    ? uploadResumingMessage(s.context.resumedBytes, s.context.bytesTotal)
    : null;
/** The refusal of a Submit, shown until every required field is filled (issue 22). */
export const selectFormError = (s: UploadSnapshot) =>
  formIsComplete(s.context) ? null : s.context.formError;
export const selectUploadError = (s: UploadSnapshot) => s.context.uploadError;
/** Why the picked video or thumbnail was refused, beside its picker; null for none. */
export const selectFileErrors = (s: UploadSnapshot) => s.context.fileErrors;
export const selectIsCapturing = (s: UploadSnapshot) => s.hasTag('capturing');
export const selectIsReconnecting = (s: UploadSnapshot) => s.hasTag('reconnecting');
export const selectForm = (s: UploadSnapshot) => ({
  title: s.context.title,
  description: s.context.description,
  thumbnail: s.context.thumbnail,
  videoFile: s.context.videoFile,
  tags: s.context.tags,
  tagText: s.context.tagText,
});
