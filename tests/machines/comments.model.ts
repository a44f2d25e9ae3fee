import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Comment } from '../../contract/shapes.js';
import {
  commentsMachine,
  selectCanSubmit,
  selectCommentsPager,
  selectIsSavingSettings,
  selectIsSubmitting,
  type CommentsContext,
  type CommentsSnapshot,
} from '../../machines/comments.machine.js';
import { PAGE_SIZE } from '../../contract/limits.js';
import { pagerMachine, selectItems } from '../../machines/pager.machine.js';
import type { Model } from '../support/model.js';
import { commentFixture } from './comment-fixtures.js';
import { fakeListServer, rows } from './video-fixtures.js';

const videoId = 'v_1';
/** 20 comments under the video, newest first. */
const server = fakeListServer((params) => rows(`c-${String(params.videoId)}`, 20));

export const newComment: Comment = commentFixture('mine', {
  content: 'Nice video',
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  owner: { _id: 'u_alice', userName: 'alice', fullName: 'Alice Example', avatar: '' },
});

export const model: Model<typeof commentsMachine> = {
  name: 'comments',
  machine: commentsMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    box: 'the add box (parallel to the switch)',
    settings: "the creator's comments-off switch (parallel to the add box)",
    'box.editing':
      "this video's comments listed (9 per page, newest added on top) in the chosen order; Add enabled only for non-blank text",
    'box.submitting': 'Add disabled; the trimmed text is sent for this video',
    'settings.idle': "the switch shows the list's commentsOff, or the last saved answer over it",
    'settings.saving': 'one settings request for this video with the asked position runs',
  },
  input: { videoId },
  provide: { actors: { pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }) } },
  promiseActors: ['addComment', 'saveCommentSettings'],
  events: {
    TEXT_CHANGED: [
      { type: 'TEXT_CHANGED', text: '   ' },
      { type: 'TEXT_CHANGED', text: ' Nice video ' },
    ],
    'xstate.done.actor.addComment': [{ type: 'xstate.done.actor.addComment', output: newComment }],
    'xstate.error.actor.addComment': [
      { type: 'xstate.error.actor.addComment', error: new Error('Network down') },
    ],
    SORT_CHANGED: [
      { type: 'SORT_CHANGED', sort: 'newest' },
      { type: 'SORT_CHANGED', sort: 'top' },
    ],
    SET_COMMENTS_OFF: [{ type: 'SET_COMMENTS_OFF', off: true }],
    REPLIES_MOVED: [{ type: 'REPLIES_MOVED', by: 1 }],
    'xstate.done.actor.saveCommentSettings': [
      { type: 'xstate.done.actor.saveCommentSettings', output: { commentsOff: true } },
    ],
    'xstate.error.actor.saveCommentSettings': [
      { type: 'xstate.error.actor.saveCommentSettings', error: new Error('Network down') },
    ],
  },
  // The text matters to the chart only as blank or not.
  serialize: (s: AnyMachineSnapshot) => {
    const c = s.context as CommentsContext;
    return JSON.stringify([s.value, c.text.trim() !== '', c.sort, c.commentsOff]);
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as CommentsSnapshot;
    const text = s.context.text;
    // The add button is enabled exactly for non-blank text while nothing is being saved.
    expect(selectCanSubmit(s)).toBe(s.matches({ box: 'editing' }) && text.trim() !== '');
    expect(selectIsSubmitting(s)).toBe(s.matches({ box: 'submitting' }));
    expect(selectIsSavingSettings(s)).toBe(s.matches({ settings: 'saving' }));
    // The switch: one request with the asked position; its answer wins until the list reloads.
    if (s.matches({ settings: 'saving' })) {
      expect(fakes.lastInput('saveCommentSettings')).toEqual({ videoId, commentsOff: true });
    }
    if (step.event.type === 'xstate.done.actor.saveCommentSettings') {
      expect(s.context.commentsOff).toBe(true);
    }
    if (step.event.type === 'xstate.error.actor.saveCommentSettings') {
      expect(step.emitted).toEqual([{ type: 'settingsFailed', message: 'Network down' }]);
      expect(s.context.commentsOff).toBe((step.previous as CommentsSnapshot).context.commentsOff);
    }
    if (step.event.type === 'REFRESH') expect(s.context.commentsOff).toBeNull();
    // A thread's count moved: the heading adds it until the list starts over.
    const before = (step.previous as CommentsSnapshot | undefined)?.context.repliesMoved ?? 0;
    if (step.event.type === 'REPLIES_MOVED') {
      expect(s.context.repliesMoved).toBe(before + Number(step.event.by));
    }
    if (step.event.type === 'REFRESH') expect(s.context.repliesMoved).toBe(0);
    // Blank text is never sent; what is sent is trimmed.
    for (const call of fakes.callsOf('addComment')) {
      const input = call.input as { videoId: string; content: string };
      expect(input.videoId).toBe(videoId);
      expect(input.content).toBe(input.content.trim());
      expect(input.content).not.toBe('');
    }
    if (s.matches({ box: 'submitting' })) {
      expect(fakes.lastInput('addComment')).toEqual({ videoId, content: text.trim() });
    }
    // The list: this video's comments, 9 per page, with the user's new comment on top.
    const pager = selectCommentsPager(s).getSnapshot();
    expect(pager.context.pageSize).toBe(PAGE_SIZE.comments);
    expect(pager.context.params).toEqual({ videoId, sort: s.context.sort });
    // Another order starts the list over in that order, with the switch's answer forgotten.
    if (
      step.event.type === 'SORT_CHANGED' &&
      step.event.sort !== (step.previous as CommentsSnapshot).context.sort
    ) {
      expect(s.context.sort).toBe(step.event.sort);
      expect(s.context.commentsOff).toBeNull();
      expect(selectItems(pager).map((i) => i._id)).toEqual(
        rows(`c-${videoId}`, PAGE_SIZE.comments).map((r) => r._id),
      );
    }
    expect(pager.value).toBe('loaded');
    const ids = selectItems(pager).map((i) => i._id);
    // Others commented (live): the list starts over from the server's first page.
    const resorted =
      step.event.type === 'SORT_CHANGED' &&
      step.event.sort !== (step.previous as CommentsSnapshot).context.sort;
    if (step.event.type === 'REFRESH' || resorted) {
      expect(ids).toEqual(rows(`c-${videoId}`, PAGE_SIZE.comments).map((r) => r._id));
    }
    const added = ids.includes(newComment._id);
    if (added) expect(ids[0]).toBe(newComment._id);
    const rest = ids.slice(added ? 1 : 0);
    const shown = Math.min(20, pager.context.request!.page * PAGE_SIZE.comments);
    if (!added) {
      expect(rest).toEqual(rows(`c-${videoId}`, shown).map((r) => r._id));
    } else {
      // This fake server does not list the new comment, so after it the page boundaries shift
      // by one (the scenario test uses a server that does): still this video's comments, in
      // the server's order, each once.
      const positions = rest.map((id) => Number(id.slice(`c-${videoId}-`.length)));
      expect(rest.every((id) => id.startsWith(`c-${videoId}-`))).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(positions).size).toBe(positions.length);
    }
  },
};
