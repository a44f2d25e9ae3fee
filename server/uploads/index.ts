/**
 * The uploads domain's door: the only file of server/uploads/ that other domains, pages and the
 * shell import (docs/architecture.md, Layers). Resumable uploads (tus): the routes, the upload
 * stores (disk or bucket) and the finish that hands the file to videos.
 */
export { resumableUploadsDir } from './resumable-store.http.js';
export { default as uploadsRoutes } from './uploads.routes.js';
