import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Comment } from '../../contract/shapes.js';
import { ownCommentMachine, selectComment } from '../../machines/own-comment.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './own-comment.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

const comment = {
  _id: 'c9',
  content: 'hello',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  owner: { _id: 'u', userName: 'ada', fullName: 'Ada', avatar: '', avatarSizes: [] },
} as unknown as Comment;

/** A fake comment API that keeps what it was sent. */
function commentServer(options: { failDelete?: boolean } = {}) {
  const log: string[] = [];
  const machine = ownCommentMachine.provide({
    actors: {
      editComment: fromPromise(async ({ input }) => {
        log.push(`patch ${input.commentId} ${input.content}`);
        return { ...comment, content: input.content, updatedAt: '2026-11-01T11:00:00.000Z' };
      }),
      deleteComment: fromPromise(async ({ input }) => {
        log.push(`delete ${input.commentId}`);
        if (options.failDelete) throw new Error('Comment not found');
      }),
    },
  });
  return { machine, log };
}

describe('own comment', () => {
  it('edits: the trimmed text is saved and the list is told', async () => {
    const { machine, log } = commentServer();
    const actor = createActor(machine, { input: { comment } }).start();
    const edited: Comment[] = [];
    actor.on('edited', (e) => edited.push(e.comment));
    actor.send({ type: 'START_EDIT' });
    expect(actor.getSnapshot().context.draft).toBe('hello');
    actor.send({ type: 'TEXT_CHANGED', text: ' hello again ' });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'SAVE' });
    await settle();
    expect(log).toEqual(['patch c9 hello again']);
    expect(selectComment(actor.getSnapshot()).content).toBe('hello again');
    expect(edited.map((c) => c.content)).toEqual(['hello again']);
  });

  it('deletes only after the question is confirmed; a failure keeps the comment', async () => {
    const { machine, log } = commentServer({ failDelete: true });
    const actor = createActor(machine, { input: { comment } }).start();
    const failures: string[] = [];
    actor.on('failed', (e) => failures.push(e.message));
    actor.send({ type: 'ASK_DELETE' });
    actor.send({ type: 'CANCEL' });
    expect(log).toEqual([]);
    actor.send({ type: 'ASK_DELETE' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(log).toEqual(['delete c9']);
    expect(failures).toEqual(['Comment not found']);
    expect(actor.getSnapshot().value).toBe('shown');
  });
});
