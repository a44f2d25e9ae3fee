/**
 * The creator's review queue (issue 33): comments on the caller's videos held because they
 * contain a held word, oldest first, PAGE_SIZE.heldComments per page (infinite scroll), each
 * with Approve (published, it leaves the queue) and Delete (gone). The chart is the shared one of
 * paged-item-actions.ts; this file names its actions, texts and items.
 *
 * Provide: `withPager(heldQueueMachine, fetchHeldPage, { perform: performHeldAction })`.
 */
import type { HeldComment } from '../contract/conversation.js';
import { PAGE_SIZE } from '../contract/limits.js';
import { pagedItemActionsMachine } from './paged-item-actions.js';

export type HeldAction = 'approve' | 'delete';

/** A held comment as the pager lists it: by its comment's id. */
export type HeldItem = HeldComment & { _id: string };

export const HELD_QUEUE_MESSAGES = {
  empty: 'No comments are waiting for review.',
  loadFailed: 'Could not load the comments waiting for review.',
  approveFailed: 'Could not approve the comment. Try again.',
  deleteFailed: 'Could not delete the comment. Try again.',
  gone: 'That comment is no longer waiting for review.',
} as const;

export const heldQueueMachine = pagedItemActionsMachine<HeldAction>({
  id: 'heldQueue',
  pageSize: PAGE_SIZE.heldComments,
  failed: {
    approve: HELD_QUEUE_MESSAGES.approveFailed,
    delete: HELD_QUEUE_MESSAGES.deleteFailed,
  },
  gone: HELD_QUEUE_MESSAGES.gone,
});
