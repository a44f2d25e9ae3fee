import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Comment } from '../../contract/shapes.js';
import {
  COMMENT_DELETE_FAILED,
  COMMENT_EDIT_FAILED,
  ownCommentMachine,
  selectCanSave,
  selectComment,
  selectIsAskingDelete,
  selectIsBusy,
  selectIsEditing,
  type OwnCommentSnapshot,
} from '../../machines/own-comment.machine.js';
import type { Model } from '../support/model.js';
import { apiError } from './fixtures.js';

const owner = { _id: 'u1', userName: 'ada', fullName: 'Ada', avatar: '', avatarSizes: [] };
const comment = {
  _id: 'c1',
  content: 'First thought',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  owner,
} as unknown as Comment;
const saved = { ...comment, content: 'Second thought', updatedAt: '2026-11-01T10:05:00.000Z' };

export const model: Model<typeof ownCommentMachine> = {
  name: 'own comment (edit and delete)',
  machine: ownCommentMachine,
  meaning: {
    shown: 'the saved comment is shown with its menu (Edit, Delete); nothing runs',
    editing: 'the edit box holds the typed text; Save only for non-blank, changed text',
    saving: 'busy: one PATCH with the trimmed text runs; the box stays',
    confirmingDelete: "the question 'Delete comment?' is open; nothing runs yet",
    deleting: 'busy: one DELETE of this comment runs',
    deleted: 'the comment is gone; the list was told (deleted)',
  },
  input: { comment },
  promiseActors: ['editComment', 'deleteComment'],
  events: {
    TEXT_CHANGED: [
      { type: 'TEXT_CHANGED', text: '  Second thought ' },
      { type: 'TEXT_CHANGED', text: '   ' },
      { type: 'TEXT_CHANGED', text: 'First thought' },
    ],
    'xstate.done.actor.editComment': [{ type: 'xstate.done.actor.editComment', output: saved }],
    'xstate.error.actor.editComment': [
      { type: 'xstate.error.actor.editComment', error: apiError('') },
    ],
    'xstate.done.actor.deleteComment': [
      { type: 'xstate.done.actor.deleteComment', output: undefined },
    ],
    'xstate.error.actor.deleteComment': [
      { type: 'xstate.error.actor.deleteComment', error: apiError('') },
    ],
  },
  serialize: (s: AnyMachineSnapshot) => {
    const { context, value } = s as OwnCommentSnapshot;
    return JSON.stringify([value, context.draft, context.comment.content]);
  },
  assert: (snapshot, fakes, { event, previous, emitted }) => {
    const s = snapshot as OwnCommentSnapshot;
    const before = previous as OwnCommentSnapshot | undefined;
    expect(selectIsBusy(s)).toBe(s.matches('saving') || s.matches('deleting'));
    expect(selectIsEditing(s)).toBe(s.matches('editing') || s.matches('saving'));
    expect(selectIsAskingDelete(s)).toBe(s.matches('confirmingDelete') || s.matches('deleting'));
    // Only this comment is ever edited or deleted.
    for (const call of fakes.callsOf('editComment')) {
      expect(call.input).toMatchObject({ commentId: 'c1' });
    }
    for (const call of fakes.callsOf('deleteComment')) {
      expect(call.input).toEqual({ commentId: 'c1' });
    }
    if (s.matches('editing')) {
      const text = s.context.draft.trim();
      expect(selectCanSave(s)).toBe(text !== '' && text !== selectComment(s).content);
      if (event.type === 'xstate.error.actor.editComment') {
        expect(emitted).toEqual([{ type: 'failed', message: COMMENT_EDIT_FAILED }]);
        expect(s.context.draft).toBe(before!.context.draft);
      }
    } else {
      expect(selectCanSave(s)).toBe(false);
    }
    if (s.matches('saving')) {
      // The edit sends the trimmed text, and only when it changes what is saved.
      const content = s.context.draft.trim();
      expect(fakes.lastInput('editComment')).toEqual({ commentId: 'c1', content });
      expect(content).not.toBe('');
      expect(content).not.toBe(selectComment(s).content);
    }
    if (s.matches('shown')) {
      if (event.type === 'xstate.done.actor.editComment') {
        expect(selectComment(s)).toEqual(saved);
        expect(emitted).toEqual([{ type: 'edited', comment: saved }]);
      }
      if (event.type === 'xstate.error.actor.deleteComment') {
        expect(emitted).toEqual([{ type: 'failed', message: COMMENT_DELETE_FAILED }]);
      }
      if (event.type === 'CANCEL') expect(emitted).toEqual([]);
    }
    if (s.matches('confirmingDelete')) {
      expect(fakes.callsOf('deleteComment')).toEqual([]);
    }
    if (s.matches('deleted')) {
      expect(s.status).toBe('done');
      expect(emitted).toEqual([{ type: 'deleted', commentId: 'c1' }]);
      expect(fakes.callsOf('deleteComment')).toHaveLength(1);
    }
  },
};
