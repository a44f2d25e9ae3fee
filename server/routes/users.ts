import type { App, RouteOptions } from '../http/types.js';

// Routes of API.md's users section; filled in by the issue that builds them.
export default async function usersRoutes(_app: App, _options: RouteOptions) {}
