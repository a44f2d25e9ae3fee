import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  COMMENT_EDIT_FAILED,
  commentComposerMachine,
  REPLY_FAILED,
  selectCanSubmit,
  selectIsOpen,
  selectIsSubmitting,
  type CommentComposerSnapshot,
} from '../../machines/comment-composer.machine.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';
import { commentFixture } from './comment-fixtures.js';

const saved = commentFixture('r1', { content: '@ada thanks!' });

export const model: Model<typeof commentComposerMachine> = {
  name: 'comment composer (reply, edit)',
  machine: commentComposerMachine,
  meaning: {
    closed: 'no box; nothing runs; the text is empty',
    editing:
      'the box holds the typed text (a reply to a reply starts "@userName "); Reply/Save only for non-blank text, and for an edit only when changed',
    submitting: 'busy: one request with the trimmed text for this comment, in the open mode',
  },
  input: { commentId: 'c1' },
  promiseActors: ['submitText'],
  events: {
    OPEN: [
      { type: 'OPEN', mode: 'reply', text: '@ada ' },
      { type: 'OPEN', mode: 'edit', text: 'First thought' },
    ],
    TEXT_CHANGED: [
      { type: 'TEXT_CHANGED', text: ' @ada thanks! ' },
      { type: 'TEXT_CHANGED', text: '   ' },
      { type: 'TEXT_CHANGED', text: 'First thought' },
    ],
    'xstate.done.actor.submitText': [{ type: 'xstate.done.actor.submitText', output: saved }],
    'xstate.error.actor.submitText': [
      { type: 'xstate.error.actor.submitText', error: apiError('') },
    ],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const { context, value } = s as CommentComposerSnapshot;
    return JSON.stringify([value, context.mode, context.initial, context.text]);
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as CommentComposerSnapshot;
    const before = previous as CommentComposerSnapshot | undefined;
    const { mode, text, initial } = s.context;
    expect(selectIsOpen(s)).toBe(!s.matches('closed'));
    expect(selectIsSubmitting(s)).toBe(s.matches('submitting'));
    const trimmed = text.trim();
    expect(selectCanSubmit(s)).toBe(
      s.matches('editing') && trimmed !== '' && (mode === 'reply' || trimmed !== initial.trim()),
    );
    for (const call of fakes.callsOf('submitText')) {
      const input = call.input as { commentId: string; content: string };
      expect(input.commentId).toBe('c1');
      expect(input.content).toBe(input.content.trim());
      expect(input.content).not.toBe('');
    }
    if (s.matches('closed')) expect(text).toBe('');
    if (event.type === 'OPEN') expect(text).toBe(event.text);
    if (s.matches('submitting')) {
      expect(fakes.lastInput('submitText')).toEqual({ mode, commentId: 'c1', content: trimmed });
    }
    if (event.type === 'xstate.done.actor.submitText') {
      expect(emitted).toEqual([{ type: 'submitted', mode: before!.context.mode, comment: saved }]);
    }
    if (event.type === 'xstate.error.actor.submitText') {
      // A failure keeps the box and its text.
      expect(s.matches('editing')).toBe(true);
      expect(text).toBe(before!.context.text);
      expect(emitted).toEqual([
        { type: 'failed', message: mode === 'reply' ? REPLY_FAILED : COMMENT_EDIT_FAILED },
      ]);
    }
    if (event.type === 'CANCEL') expect(emitted).toEqual([]);
  },
};
