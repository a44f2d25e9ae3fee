export { resumableUploadsDir } from './resumable-store.http.js';
export { default as uploadsRoutes } from './uploads.routes.js';
