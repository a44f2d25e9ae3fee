export { default as commentsRoutes } from './comments.routes.js';
export { COMMENT_NOT_FOUND } from './likes.js';
export { default as likesRoutes } from './likes.routes.js';
