/**
 * The accounts domain's door: the only file of server/accounts/ that other domains, pages and the
 * shell import (docs/architecture.md, Layers). Users, sign-in and registration, profile images,
 * the channel profile, the owner object every resource shows, the sign-in rate limit counters,
 * the mailed links (password reset, address confirmation) and their mail job; and
 * devices and two-step sign-in (issue 32).
 */
export { default as accountMailRoutes } from './account-mail.routes.js';
export { ACCOUNT_MAIL_QUEUE, type AccountMailJob } from './account-mail.js';
export { runAccountMail } from './account-mail-job.js';
export { deleteExpiredTokens } from './account-tokens.js';
export { assertMayUpload } from './email-confirmation.js';
export { default as accountImageRoutes } from './account-images.routes.js';
export { default as devicesRoutes } from './devices.routes.js';
export { ownerColumns, toOwner } from './owner-dto.js';
export { default as passkeysRoutes } from './passkeys.routes.js';
export { expireRateLimitWindows, postgresRateLimitStore } from './rate-limit-counters.js';
export { deleteExpiredChallenges } from './sign-in-challenges.js';
export { default as usersAvailabilityRoutes } from './users-availability.routes.js';
export { default as usersSessionRoutes } from './users-session.routes.js';
export { findChannel } from './user-channel.js';
export { findUserDto } from './users.js';
export { default as secondStepRoutes } from './second-step.routes.js';
export { default as twoStepRoutes } from './two-step.routes.js';
export { default as usersRoutes } from './users.routes.js';
