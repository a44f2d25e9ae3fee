import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Comment } from '../../contract/shapes.js';
import {
  commentComposerMachine,
  replyPrefill,
  selectCanSubmit,
  selectText,
  type SubmitTextInput,
} from '../../machines/comment-composer.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { commentFixture } from './comment-fixtures.js';
import { model } from './comment-composer.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

function start(fail = false) {
  const sent: SubmitTextInput[] = [];
  const machine = commentComposerMachine.provide({
    actors: {
      submitText: fromPromise<Comment, SubmitTextInput>(async ({ input }) => {
        sent.push(input);
        if (fail) throw new Error('Comments are turned off');
        return commentFixture('r9', { content: input.content });
      }),
    },
  });
  const actor = createActor(machine, { input: { commentId: 'r2' } }).start();
  const done: string[] = [];
  const failures: string[] = [];
  actor.on('submitted', (e) => done.push(`${e.mode}:${e.comment.content}`));
  actor.on('failed', (e) => failures.push(e.message));
  return { actor, sent, done, failures };
}

describe('comment composer', () => {
  it('answers a reply with "@userName " first and sends the trimmed text once', async () => {
    const { actor, sent, done } = start();
    actor.send({ type: 'OPEN', mode: 'reply', text: replyPrefill('ada') });
    expect(selectText(actor.getSnapshot())).toBe('@ada ');
    actor.send({ type: 'TEXT_CHANGED', text: '@ada agreed ' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual([{ mode: 'reply', commentId: 'r2', content: '@ada agreed' }]);
    expect(done).toEqual(['reply:@ada agreed']);
  });

  it('keeps the text when the server refuses, and an unchanged edit cannot be saved', async () => {
    const { actor, failures } = start(true);
    actor.send({ type: 'OPEN', mode: 'edit', text: 'hello' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'TEXT_CHANGED', text: 'hello there' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(failures).toEqual(['Comments are turned off']);
    expect(selectText(actor.getSnapshot())).toBe('hello there');
  });
});
