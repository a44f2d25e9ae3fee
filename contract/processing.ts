/**
 * A video's adaptive-streaming state. Right after upload a video plays from its MP4; a background
 * job then makes HLS renditions (480p, 720p, 1080p, never above the source) one by one.
 */
import { Type, type Static } from '@sinclair/typebox';

export const ProcessingState = Type.Union([
  Type.Literal('processing'),
  Type.Literal('ready'),
  Type.Literal('failed'),
]);

export const VideoProcessing = Type.Object({
  state: ProcessingState,
  /** 0…1 over all renditions. */
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  /** Why the last attempt failed, for the creator; null unless failed. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** Names of the renditions ready to play, lowest first ("480p", "720p"). */
  renditions: Type.Array(Type.String()),
  /** The HLS master playlist once a rendition is ready; null until then (play the MP4). */
  hlsUrl: Type.Union([Type.String(), Type.Null()]),
});
export type VideoProcessing = Static<typeof VideoProcessing>;
