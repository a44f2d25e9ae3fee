import type { App, RouteOptions } from '../http/types.js';

// Routes of API.md's subscriptions section; filled in by the issue that builds them.
export default async function subscriptionsRoutes(_app: App, _options: RouteOptions) {}
