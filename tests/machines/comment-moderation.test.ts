import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { BlockState, HeartState, PinState } from '../../contract/conversation.js';
import {
  commentModerationMachine,
  selectHearted,
  selectPinned,
} from '../../machines/comment-moderation.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { commentFixture } from './comment-fixtures.js';
import { model } from './comment-moderation.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

function start(replyCount = 0) {
  const log: string[] = [];
  const machine = commentModerationMachine.provide({
    actors: {
      setPin: fromPromise<PinState, { commentId: string; pinned: boolean }>(async ({ input }) => {
        log.push(`pin ${input.commentId} ${input.pinned}`);
        return { pinnedCommentId: input.pinned ? input.commentId : null };
      }),
      setHeart: fromPromise<HeartState, { commentId: string; hearted: boolean }>(
        async ({ input }) => {
          log.push(`heart ${input.commentId} ${input.hearted}`);
          return { hearted: input.hearted };
        },
      ),
      deleteComment: fromPromise<void, { commentId: string }>(async ({ input }) => {
        log.push(`delete ${input.commentId}`);
      }),
      blockUser: fromPromise<BlockState, { userId: string }>(async ({ input }) => {
        log.push(`block ${input.userId}`);
        return { blocked: true };
      }),
    },
  });
  const comment = commentFixture('c3', { replyCount });
  const actor = createActor(machine, { input: { comment } }).start();
  const emitted: string[] = [];
  for (const type of ['pinChanged', 'hearted', 'deleted', 'blocked'] as const) {
    actor.on(type, (e) => emitted.push(JSON.stringify(e)));
  }
  return { actor, log, emitted };
}

describe('comment moderation', () => {
  it('pins and unpins, hearts and takes the heart back', async () => {
    const { actor, log } = start();
    actor.send({ type: 'TOGGLE_PIN' });
    await settle();
    expect(selectPinned(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'TOGGLE_PIN' });
    await settle();
    actor.send({ type: 'TOGGLE_HEART' });
    await settle();
    expect(selectHearted(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'TOGGLE_HEART' });
    await settle();
    expect(log).toEqual(['pin c3 true', 'pin c3 false', 'heart c3 true', 'heart c3 false']);
  });

  it('deletes and blocks only after the question is confirmed', async () => {
    const { actor, log, emitted } = start(0);
    actor.send({ type: 'ASK_BLOCK' });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'ASK_BLOCK' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    actor.send({ type: 'ASK_DELETE' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(log).toEqual(['block uc3', 'delete c3']);
    expect(emitted).toEqual([
      JSON.stringify({ type: 'blocked', userId: 'uc3' }),
      JSON.stringify({ type: 'deleted', commentId: 'c3', tombstone: false }),
    ]);
  });
});
