/**
 * The session's texts (spec §8). Not in messages.ts because the session runs on every page: the
 * shell carries these two lines, not every account text.
 */
export const SESSION_MESSAGES = {
  logoutSucceeded: 'Successfully logout',
  logoutFailed: 'Failed to logout',
} as const;
