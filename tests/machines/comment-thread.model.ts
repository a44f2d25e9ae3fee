import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PAGE_SIZE } from '../../contract/limits.js';
import type { Comment } from '../../contract/shapes.js';
import {
  commentThreadMachine,
  selectCanShowMore,
  selectIsLoadingReplies,
  selectIsOpen,
  selectReplies,
  selectReplyCount,
  type CommentThreadSnapshot,
} from '../../machines/comment-thread.machine.js';
import { hasMore } from '../../machines/pager-offsets.js';
import type { Model } from '../support/model.js';
import { commentFixture } from './comment-fixtures.js';

const commentId = 'c1';
const reply = (n: number) => commentFixture(`r-${n}`, { parentId: commentId });
const replies = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => reply(from + i));
/** 12 replies: a full first page and a short second one. */
const firstPage = { items: replies(1, PAGE_SIZE.replies), total: 12 };
const lastPage = { items: replies(11, 2), total: 12 };
const own: Comment = commentFixture('mine', { parentId: commentId, content: '@user1 thanks' });

export const model: Model<typeof commentThreadMachine> = {
  name: 'comment thread (replies)',
  machine: commentThreadMachine,
  meaning: {
    open: 'the replies are unfolded under the comment; Hide replies folds them',
    collapsed: "folded: '12 replies' (the count) shows; no load runs; what was loaded is kept",
    'open.loading': 'open: the first page of 10 of this thread is asked for once',
    'open.shown':
      "open: the replies oldest first, each once; 'Show more replies' while the server has more",
    'open.paging': 'open: the page holding the next unread reply is asked for; the shown ones stay',
    'open.failed': "open: 'Network down' with Retry; the loaded replies stay",
  },
  input: { commentId, replyCount: 12 },
  promiseActors: ['fetchReplies'],
  events: {
    'xstate.done.actor.fetchReplies': [
      { type: 'xstate.done.actor.fetchReplies', output: firstPage },
      { type: 'xstate.done.actor.fetchReplies', output: lastPage },
    ],
    'xstate.error.actor.fetchReplies': [
      { type: 'xstate.error.actor.fetchReplies', error: new Error('Network down') },
    ],
    ADDED: [{ type: 'ADDED', reply: own }],
    REPLACE: [{ type: 'REPLACE', reply: { ...reply(1), content: 'edited' } }],
    REMOVE: [{ type: 'REMOVE', id: 'r-2' }],
    RELOAD: [
      { type: 'RELOAD', commentId: 'r-99' },
      { type: 'RELOAD', commentId: 'r-1' },
    ],
  },
  // The count and the list grow; the chart cares whether something is loaded and more exist.
  serialize: (s: AnyMachineSnapshot) => {
    const { context, value } = s as CommentThreadSnapshot;
    const ids = context.list.items.map((i) => i._id);
    return JSON.stringify([
      value,
      context.loaded,
      hasMore(context.list),
      ids.includes('r-1'),
      ids.includes('mine'),
    ]);
  },
  assert: (snapshot, fakes, { event, previous }) => {
    const s = snapshot as CommentThreadSnapshot;
    const before = previous as CommentThreadSnapshot | undefined;
    const ids = selectReplies(s).map((r) => r._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(selectIsOpen(s)).toBe(!s.matches('collapsed'));
    expect(selectIsLoadingReplies(s)).toBe(
      s.matches({ open: 'loading' }) || s.matches({ open: 'paging' }),
    );
    expect(selectCanShowMore(s)).toBe(s.matches({ open: 'shown' }) && hasMore(s.context.list));
    // Only this thread's replies are asked for, 10 at a time.
    for (const call of fakes.callsOf('fetchReplies')) {
      expect(call.input).toMatchObject({ limit: PAGE_SIZE.replies, params: { commentId } });
    }
    if (s.matches({ open: 'loading' }) || s.matches({ open: 'paging' })) {
      const request = s.context.list.request!;
      expect(fakes.lastInput('fetchReplies')).toEqual({
        page: request.page,
        limit: PAGE_SIZE.replies,
        params: { commentId },
      });
      if (s.matches({ open: 'loading' }) && !s.context.loaded) expect(request.page).toBe(1);
    } else {
      expect(s.children.fetchReplies).toBeUndefined();
    }
    if (event.type === 'xstate.done.actor.fetchReplies') {
      expect(selectReplyCount(s)).toBe(s.context.list.total);
    }
    if (s.matches({ open: 'failed' })) expect(s.context.list.error).toBe('Network down');
    if (!before) {
      expect(selectReplyCount(s)).toBe(12);
      return;
    }
    if (event.type === 'HIDE') expect(selectReplies(s)).toEqual(selectReplies(before));
    if (event.type === 'RELOAD') {
      if (selectReplies(before).some((r) => r._id === event.commentId)) {
        // One already listed (one's own, announced back): nothing changes.
        expect(s.context).toEqual(before.context);
      } else {
        expect(selectReplyCount(s)).toBe(selectReplyCount(before) + 1);
        if (before.matches({ open: 'shown' })) expect(s.matches({ open: 'paging' })).toBe(true);
      }
    }
    if (event.type === 'ADDED') {
      expect(ids.at(-1) === 'mine' || selectReplies(before).some((r) => r._id === 'mine')).toBe(
        true,
      );
      expect(selectIsOpen(s)).toBe(true);
      const wasListed = selectReplies(before).some((r) => r._id === 'mine');
      expect(selectReplyCount(s)).toBe(selectReplyCount(before) + (wasListed ? 0 : 1));
    }
    if (event.type === 'REMOVE' && selectReplies(before).some((r) => r._id === 'r-2')) {
      expect(ids).not.toContain('r-2');
      expect(selectReplyCount(s)).toBe(selectReplyCount(before) - 1);
    }
    if (event.type === 'REPLACE' && ids.includes('r-1')) {
      expect(selectReplies(s).find((r) => r._id === 'r-1')!.content).toBe('edited');
    }
  },
};
