/**
 * The processing domain's door: the only file of server/processing/ that other domains, pages and
 * the shell import (docs/architecture.md, Layers). Adaptive-streaming conversion: the processing
 * state, the transcode job, renditions and HLS files.
 */
export { giveUpTranscode, runTranscode, settleStrandedTranscodes } from './transcode-job.js';
export { PREVIEW_BACKFILL_QUEUE, runPreviewBackfill } from './preview-backfill.js';
export { retireHlsNames } from './video-hls-files.js';
export {
  TRANSCODE_QUEUE,
  createProcessing,
  deleteHlsFiles,
  enqueueTranscode,
  markRetrying,
  processingColumns,
  processingKeys,
  processingOf,
  seekPreviewsUrl,
  toProcessing,
} from './video-processing.js';
export type { TranscodeJob } from './video-processing.js';
