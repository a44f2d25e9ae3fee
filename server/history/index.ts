/**
 * The history domain's door: the only file of server/history/ that other domains, pages and the
 * shell import (docs/architecture.md, Layers). Watch history and watch progress.
 */
export { default as historyRoutes } from './history.routes.js';
export { default as watchProgressRoutes } from './watch-progress.routes.js';
