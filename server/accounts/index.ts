export { default as accountImageRoutes } from './account-images.routes.js';
export { ownerColumns, toOwner } from './owner-dto.js';
export { expireRateLimitWindows, postgresRateLimitStore } from './rate-limit-counters.js';
export { default as usersAvailabilityRoutes } from './users-availability.routes.js';
export { default as usersSessionRoutes } from './users-session.routes.js';
export { default as usersRoutes } from './users.routes.js';
