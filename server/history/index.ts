export { default as historyRoutes } from './history.routes.js';
export { default as watchProgressRoutes } from './watch-progress.routes.js';
