/**
 * The creator's desk (issue 33, contract/conversation.ts): the review queue of held comments,
 * the channel's held words and its blocked users, over the one HTTP client, and the promise actors
 * of their machines (machines/held-queue, held-words, blocked-users). Pager items need an `_id`:
 * a held comment is listed by its comment's id, a blocked user by the user's.
 */
import { fromPromise } from 'xstate';
import type {
  BlockedUserList,
  BlockState,
  HeldCommentList,
  HeldWords,
} from '../../contract/conversation';
import type { Comment } from '../../contract/shapes';
import type { BlockedItem, BlockedAction } from '../../machines/blocked-users.machine';
import type { HeldAction, HeldItem } from '../../machines/held-queue.machine';
import type { ItemActionRequest } from '../../machines/paged-item-actions';
import type { Page, PageRequest } from '../../machines/pager.machine';
import { request } from './client';

const id = (value: string) => encodeURIComponent(value);
const moderation = '/comments/moderation';

export async function listHeldComments(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<Page<HeldItem>> {
  const list = await request<HeldCommentList>({
    method: 'GET',
    url: `${moderation}/held`,
    params: { page, limit },
    signal,
  });
  return {
    items: list.held.map((held) => ({ ...held, _id: held.comment._id })),
    total: list.totalHeld,
  };
}

export function approveComment(commentId: string): Promise<Comment> {
  return request<Comment>({ method: 'POST', url: `/comments/c/${id(commentId)}/approve` });
}

export async function deleteComment(commentId: string): Promise<void> {
  await request<unknown>({ method: 'DELETE', url: `/comments/c/${id(commentId)}` });
}

export function getHeldWords(signal?: AbortSignal): Promise<HeldWords> {
  return request<HeldWords>({ method: 'GET', url: `${moderation}/words`, signal });
}

export function saveHeldWords(words: readonly string[]): Promise<HeldWords> {
  return request<HeldWords>({ method: 'PUT', url: `${moderation}/words`, data: { words } });
}

export async function listBlockedUsers(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<Page<BlockedItem>> {
  const list = await request<BlockedUserList>({
    method: 'GET',
    url: `${moderation}/blocked`,
    params: { page, limit },
    signal,
  });
  return {
    items: list.users.map((blocked) => ({ ...blocked, _id: blocked.user._id })),
    total: list.totalUsers,
  };
}

export function unblockUser(userId: string): Promise<BlockState> {
  return request<BlockState>({ method: 'DELETE', url: `${moderation}/blocked/${id(userId)}` });
}

export const moderationActors = {
  fetchHeldPage: fromPromise<Page, PageRequest>(({ input, signal }) =>
    listHeldComments(input.page, input.limit, signal),
  ),
  performHeldAction: fromPromise<unknown, ItemActionRequest<HeldAction>>(({ input }) =>
    input.action === 'approve' ? approveComment(input.id) : deleteComment(input.id),
  ),
  fetchHeldWords: fromPromise<string[]>(async ({ signal }) => (await getHeldWords(signal)).words),
  saveHeldWords: fromPromise<string[], { words: string[] }>(
    async ({ input }) => (await saveHeldWords(input.words)).words,
  ),
  fetchBlockedPage: fromPromise<Page, PageRequest>(({ input, signal }) =>
    listBlockedUsers(input.page, input.limit, signal),
  ),
  performBlockedAction: fromPromise<unknown, ItemActionRequest<BlockedAction>>(({ input }) =>
    unblockUser(input.id),
  ),
};

export type ModerationActors = typeof moderationActors;
