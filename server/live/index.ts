export { default as liveEventsRoutes } from './live-events.routes.js';
export { LiveHub } from './live-hub.js';
