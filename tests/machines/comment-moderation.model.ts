import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  BLOCK_FAILED,
  COMMENT_DELETE_FAILED,
  commentModerationMachine,
  HEART_FAILED,
  PIN_FAILED,
  selectHearted,
  selectIsAskingBlock,
  selectIsAskingDelete,
  selectIsBusy,
  selectPinned,
  type CommentModerationSnapshot,
} from '../../machines/comment-moderation.machine.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';
import { commentFixture } from './comment-fixtures.js';

/** Someone's comment with 2 replies under the creator's video. */
const comment = commentFixture('c1', { replyCount: 2 });

export const model: Model<typeof commentModerationMachine> = {
  name: 'comment moderation (pin, heart, delete, block)',
  machine: commentModerationMachine,
  meaning: {
    idle: 'the menu offers Pin/Unpin and Heart/Remove heart as the state says, Delete and Block; nothing runs',
    pinning: 'busy: one pin (or unpin) request of this comment runs',
    hearting: 'busy: one heart (or remove) request of this comment runs',
    confirmingDelete: "the question 'Delete comment?' is open; nothing runs yet",
    deleting: 'busy: one DELETE of this comment runs',
    confirmingBlock: "the question 'Block user from channel?' is open; nothing runs yet",
    blocking: "busy: one block of the comment's author runs",
    deleted: 'gone: the list was told, as a tombstone because replies remain',
  },
  input: { comment },
  promiseActors: ['setPin', 'setHeart', 'deleteComment', 'blockUser'],
  events: {
    'xstate.done.actor.setPin': [
      { type: 'xstate.done.actor.setPin', output: { pinnedCommentId: 'c1' } },
      { type: 'xstate.done.actor.setPin', output: { pinnedCommentId: null } },
    ],
    'xstate.error.actor.setPin': [{ type: 'xstate.error.actor.setPin', error: apiError('') }],
    'xstate.done.actor.setHeart': [
      { type: 'xstate.done.actor.setHeart', output: { hearted: true } },
      { type: 'xstate.done.actor.setHeart', output: { hearted: false } },
    ],
    'xstate.error.actor.setHeart': [{ type: 'xstate.error.actor.setHeart', error: apiError('') }],
    'xstate.done.actor.deleteComment': [
      { type: 'xstate.done.actor.deleteComment', output: undefined },
    ],
    'xstate.error.actor.deleteComment': [
      { type: 'xstate.error.actor.deleteComment', error: apiError('') },
    ],
    'xstate.done.actor.blockUser': [
      { type: 'xstate.done.actor.blockUser', output: { blocked: true } },
    ],
    'xstate.error.actor.blockUser': [{ type: 'xstate.error.actor.blockUser', error: apiError('') }],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const { context, value } = s as CommentModerationSnapshot;
    return JSON.stringify([value, context.pinned, context.hearted]);
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as CommentModerationSnapshot;
    const before = previous as CommentModerationSnapshot | undefined;
    const busy = (['pinning', 'hearting', 'deleting', 'blocking'] as const).some((v) =>
      s.matches(v),
    );
    expect(selectIsBusy(s)).toBe(busy);
    expect(selectIsAskingDelete(s)).toBe(s.matches('confirmingDelete') || s.matches('deleting'));
    expect(selectIsAskingBlock(s)).toBe(s.matches('confirmingBlock') || s.matches('blocking'));
    // Only this comment, and only its author, are ever acted on.
    for (const call of fakes.calls) {
      if (call.src === 'blockUser') expect(call.input).toEqual({ userId: comment.owner._id });
      else expect(call.input).toMatchObject({ commentId: 'c1' });
    }
    if (s.matches('pinning')) {
      expect(fakes.lastInput('setPin')).toEqual({ commentId: 'c1', pinned: !selectPinned(s) });
    }
    if (s.matches('hearting')) {
      expect(fakes.lastInput('setHeart')).toEqual({ commentId: 'c1', hearted: !selectHearted(s) });
    }
    if (s.matches('confirmingDelete')) expect(fakes.callsOf('deleteComment')).toEqual([]);
    if (s.matches('confirmingBlock')) expect(fakes.callsOf('blockUser')).toEqual([]);
    const failures: Record<string, string> = {
      'xstate.error.actor.setPin': PIN_FAILED,
      'xstate.error.actor.setHeart': HEART_FAILED,
      'xstate.error.actor.deleteComment': COMMENT_DELETE_FAILED,
      'xstate.error.actor.blockUser': BLOCK_FAILED,
    };
    if (failures[event.type]) {
      expect(s.matches('idle')).toBe(true);
      expect(s.context).toEqual(before!.context);
      expect(emitted).toEqual([{ type: 'failed', message: failures[event.type] }]);
    }
    if (event.type === 'xstate.done.actor.setPin') {
      expect(selectPinned(s)).toBe(
        (event.output as { pinnedCommentId: string | null }).pinnedCommentId === 'c1',
      );
      expect(emitted).toEqual([{ type: 'pinChanged' }]);
    }
    if (event.type === 'xstate.done.actor.setHeart') {
      expect(emitted).toEqual([{ type: 'hearted', hearted: selectHearted(s) }]);
    }
    if (event.type === 'xstate.done.actor.blockUser') {
      expect(emitted).toEqual([{ type: 'blocked', userId: comment.owner._id }]);
    }
    if (s.matches('deleted')) {
      expect(s.status).toBe('done');
      expect(emitted).toEqual([{ type: 'deleted', commentId: 'c1', tombstone: true }]);
    }
    if (event.type === 'CANCEL') expect(emitted).toEqual([]);
  },
};
