/**
 * The comments domain's door: the only file of server/comments/ that other domains, pages and the
 * shell import (docs/architecture.md, Layers). Comments and likes (of videos, comments and
 * tweets).
 */
export { default as commentsRoutes } from './comments.routes.js';
export { COMMENT_NOT_FOUND } from './comment-rows.js';
export { default as likesRoutes } from './likes.routes.js';
export { default as conversationRoutes } from './conversation.routes.js';
export { default as moderationRoutes } from './moderation.routes.js';
