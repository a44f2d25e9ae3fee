import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LikeToggle } from '../../contract/engagement.js';
import {
  commentLikeMachine,
  selectLikeCount,
  selectLiked,
} from '../../machines/comment-like.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './comment-like.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

describe('comment like', () => {
  it("toggles once per click and shows the server's count", async () => {
    let likes = 0;
    const calls: string[] = [];
    const actor = createActor(
      commentLikeMachine.provide({
        actors: {
          toggleCommentLike: fromPromise<LikeToggle, { commentId: string }>(async ({ input }) => {
            calls.push(input.commentId);
            likes = likes === 0 ? 1 : 0;
            return { liked: likes === 1, likeCount: likes };
          }),
        },
      }),
      { input: { commentId: 'c7', likeCount: 0, likedByUser: false } },
    ).start();
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'TOGGLE' });
    await settle();
    expect(calls).toEqual(['c7']);
    expect(selectLiked(actor.getSnapshot())).toBe(true);
    expect(selectLikeCount(actor.getSnapshot())).toBe(1);
  });
});
