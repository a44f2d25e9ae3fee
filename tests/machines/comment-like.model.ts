import { expect } from 'vitest';
import {
  COMMENT_LIKE_FAILED,
  commentLikeMachine,
  selectIsBusy,
  selectLikeCount,
  selectLiked,
  type CommentLikeSnapshot,
} from '../../machines/comment-like.machine.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

export const model: Model<typeof commentLikeMachine> = {
  name: 'comment like',
  machine: commentLikeMachine,
  meaning: {
    ready: "the button shows the listed state or the last toggle's answer",
    toggling: 'busy: one toggle of this comment runs; clicks are ignored',
  },
  input: { commentId: 'c1', likeCount: 3, likedByUser: false },
  promiseActors: ['toggleCommentLike'],
  events: {
    'xstate.done.actor.toggleCommentLike': [
      { type: 'xstate.done.actor.toggleCommentLike', output: { liked: true, likeCount: 4 } },
      { type: 'xstate.done.actor.toggleCommentLike', output: { liked: false, likeCount: 3 } },
    ],
    'xstate.error.actor.toggleCommentLike': [
      { type: 'xstate.error.actor.toggleCommentLike', error: apiError('') },
    ],
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as CommentLikeSnapshot;
    expect(selectIsBusy(s)).toBe(s.matches('toggling'));
    expect(
      fakes
        .callsOf('toggleCommentLike')
        .every((c) => (c.input as { commentId: string }).commentId === 'c1'),
    ).toBe(true);
    expect([3, 4]).toContain(selectLikeCount(s));
    expect(selectLiked(s)).toBe(selectLikeCount(s) === 4);
    if (s.matches('toggling'))
      expect(fakes.lastInput('toggleCommentLike')).toEqual({ commentId: 'c1' });
    if (event.type === 'xstate.error.actor.toggleCommentLike') {
      expect(s.context).toEqual(previous!.context);
      expect(emitted).toEqual([{ type: 'failed', message: COMMENT_LIKE_FAILED }]);
    }
  },
};
