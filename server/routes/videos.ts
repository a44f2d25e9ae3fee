import type { App, RouteOptions } from '../http/types.js';

// Routes of API.md's videos section; filled in by the issue that builds them.
export default async function videosRoutes(_app: App, _options: RouteOptions) {}
