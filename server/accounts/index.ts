/**
 * The accounts domain's door: the only file of server/accounts/ that other domains, pages and the
 * shell import (docs/architecture.md, Layers). Users, sign-in and registration, profile images,
 * the channel profile, the owner object every resource shows, the sign-in rate limit counters,
 * devices and two-step sign-in (issue 32).
 */
export { default as accountImageRoutes } from './account-images.routes.js';
export { default as devicesRoutes } from './devices.routes.js';
export { ownerColumns, toOwner } from './owner-dto.js';
export { expireRateLimitWindows, postgresRateLimitStore } from './rate-limit-counters.js';
export { deleteExpiredChallenges } from './sign-in-challenges.js';
export { default as usersAvailabilityRoutes } from './users-availability.routes.js';
export { default as usersSessionRoutes } from './users-session.routes.js';
export { default as secondStepRoutes } from './second-step.routes.js';
export { default as twoStepRoutes } from './two-step.routes.js';
export { default as usersRoutes } from './users.routes.js';
