/**
 * The dashboard's Comments tab in view tests: the whole dashboard page at
 * /Dashboard/Content/Comments, signed in as alice, with fakes for the review queue, the held words
 * and the blocked users (machines/held-queue, held-words, blocked-users), over lists a test sets.
 */
import { screen, within } from '@testing-library/react';
import type { BlockedItem, BlockedAction } from '../../machines/blocked-users.machine';
import type { HeldAction, HeldItem } from '../../machines/held-queue.machine';
import type { ItemActionRequest } from '../../machines/paged-item-actions';
import type { Page, PageRequest } from '../../machines/pager.machine';
import type { Comment } from '../../contract/shapes';
import { fake } from './app-helpers';
import { dashboardFakes, renderDashboard } from './dashboard-helpers';
import { deferred } from './videos-helpers';

const HOUR = 3600_000;

export function makeHeld(n: number, overrides: Partial<Comment> = {}): HeldItem {
  const at = new Date(Date.now() - (100 - n) * HOUR).toISOString();
  const comment: Comment = {
    _id: `held${n}`,
    content: `Held comment ${n} with spam`,
    createdAt: at,
    updatedAt: at,
    owner: { _id: `u${n}`, userName: `viewer${n}`, fullName: `Viewer ${n}`, avatar: '' },
    videoId: `v${n % 3}`,
    parentId: null,
    replyTo: null,
    replyCount: 0,
    likeCount: 0,
    likedByUser: false,
    pinned: false,
    hearted: false,
    deleted: false,
    status: 'held',
    ...overrides,
  };
  return {
    _id: comment._id,
    comment,
    video: {
      _id: comment.videoId,
      title: `Video ${n % 3}`,
      thumbnail: `/media/thumb-${n % 3}.webp`,
      thumbnailSizes: [],
    },
  };
}

export function makeBlocked(n: number): BlockedItem {
  return {
    _id: `b${n}`,
    user: { _id: `b${n}`, userName: `troll${n}`, fullName: `Troll ${n}`, avatar: '' },
    blockedAt: new Date(Date.now() - n * HOUR).toISOString(),
  };
}

/** Paging over a list that a test (or an action) changes, as the server's would. */
const pageOf =
  <T,>(list: () => T[]) =>
  ({ page, limit }: PageRequest): Page =>
    ({
      items: list().slice((page - 1) * limit, page * limit),
      total: list().length,
    }) as Page;

export function commentsTabFakes(
  options: { held?: HeldItem[]; blocked?: BlockedItem[]; words?: string[] } = {},
) {
  const data = {
    held: options.held ?? [],
    blocked: options.blocked ?? [],
    words: options.words ?? [],
  };
  const fakes = {
    ...dashboardFakes().fakes,
    fetchHeldPage: fake<PageRequest, Page>(pageOf(() => data.held)),
    performHeldAction: deferred<ItemActionRequest<HeldAction>, unknown>(),
    fetchHeldWords: fake<void, string[]>(() => data.words),
    saveHeldWords: deferred<{ words: string[] }, string[]>(),
    fetchBlockedPage: fake<PageRequest, Page>(pageOf(() => data.blocked)),
    performBlockedAction: deferred<ItemActionRequest<BlockedAction>, unknown>(),
  };
  return { data, fakes };
}

export function renderCommentsTab(fakes = commentsTabFakes().fakes) {
  return renderDashboard('/Dashboard/Content/Comments', fakes);
}

export const queue = () => screen.getByRole('region', { name: 'Held for review' });
export const wordsSection = () => screen.getByRole('region', { name: 'Held words' });
export const blockedSection = () => screen.getByRole('region', { name: 'Blocked users' });
export const heldRow = (n: number) =>
  within(queue()).getByRole('listitem', { name: new RegExp(`^Comment by @viewer${n} on`) });
