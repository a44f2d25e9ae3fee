/**
 * The dashboard domain's door: the only file of server/dashboard/ that other domains, pages and
 * the shell import (docs/architecture.md, Layers). The channel's statistics and views per day, in
 * the caller's time zone.
 */
export { default as dashboardRoutes } from './dashboard.routes.js';
