import type { App, RouteOptions } from '../http/types.js';

// Routes of API.md's likes section; filled in by the issue that builds them.
export default async function likesRoutes(_app: App, _options: RouteOptions) {}
