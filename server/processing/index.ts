export { giveUpTranscode, runTranscode, settleStrandedTranscodes } from './transcode-job.js';
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
  toProcessing,
} from './video-processing.js';
export type { TranscodeJob } from './video-processing.js';
