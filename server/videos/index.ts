/**
 * The videos domain's door: the only file of server/videos/ that other domains, pages and the
 * shell import (docs/architecture.md, Layers). A video's life: upload (multipart), watch (counted
 * views, the history entry of a watch), edit, publish, delete, fields and the VideoItem shape.
 */
export { storedTagScore } from './tag-scores.js';
export {
  VIDEO_NOT_FOUND,
  reachableBy,
  toVideoItem,
  videoItemColumns,
  visibleTo,
} from './video-dto.js';
export type { VideoItemRow } from './video-dto.js';
export { parseTagsField } from './video-fields.js';
export { videoItemById } from './video-lifecycle.js';
export { ownVideoColumns, ownVideoItem, toOwnVideoItem } from './own-video-item.js';
export { PUBLISH_QUEUE, type PublishJob } from './video-publication.js';
export { publishOverdue, runPublish } from './publish-job.js';
export { default as videoProcessingRoutes } from './video-processing.routes.js';
export { uploadVideo } from './video-upload.js';
export { assertVisibleVideo, watchForPage, type Viewer } from './video-watch.js';
export type { VideosContext } from './videos-context.js';
export { default as videosRoutes } from './videos.routes.js';
export { EMBEDDED_VIEWS_PER_STATEMENT, ViewCounter } from './view-counter.js';
