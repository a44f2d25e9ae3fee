/**
 * The users the caller blocked from commenting on their channel (issue 33), most recently blocked
 * first, PAGE_SIZE.blockedUsers per page (infinite scroll), each with Unblock (their comments are
 * shown again and they may comment; they leave the list). The chart is the shared one of
 * paged-item-actions.ts; this file names its action, texts and items. Blocking itself is on the
 * watch page (a comment's menu, "Block user from channel").
 *
 * Provide: `withPager(blockedUsersMachine, fetchBlockedPage, { perform: performBlockedAction })`.
 */
import type { BlockedUser } from '../contract/conversation.js';
import { PAGE_SIZE } from '../contract/limits.js';
import { pagedItemActionsMachine } from './paged-item-actions.js';

export type BlockedAction = 'unblock';

/** A blocked user as the pager lists them: by the user's id. */
export type BlockedItem = BlockedUser & { _id: string };

export const BLOCKED_USERS_MESSAGES = {
  empty: 'You have not blocked anyone.',
  loadFailed: 'Could not load your blocked users.',
  unblockFailed: 'Could not unblock the user. Try again.',
  gone: 'That user is no longer blocked.',
} as const;

export const blockedUsersMachine = pagedItemActionsMachine<BlockedAction>({
  id: 'blockedUsers',
  pageSize: PAGE_SIZE.blockedUsers,
  failed: { unblock: BLOCKED_USERS_MESSAGES.unblockFailed },
  gone: BLOCKED_USERS_MESSAGES.gone,
});
