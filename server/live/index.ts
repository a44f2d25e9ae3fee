/**
 * The live domain's door: the only file of server/live/ that other domains, pages and the shell
 * import (docs/architecture.md, Layers). Live events to open pages (server-sent events): the hub,
 * its slots and limits.
 */
export { default as liveEventsRoutes } from './live-events.routes.js';
export { LiveHub } from './live-hub.js';
