import type { App, RouteOptions } from '../http/types.js';

// Routes of API.md's comments section; filled in by the issue that builds them.
export default async function commentsRoutes(_app: App, _options: RouteOptions) {}
