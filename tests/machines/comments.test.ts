import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Comment } from '../../contract/shapes.js';
import {
  commentsMachine,
  selectCanSubmit,
  selectCommentsPager,
  selectText,
} from '../../machines/comments.machine.js';
import { pagerMachine, selectHasMore, selectItems } from '../../machines/pager.machine.js';
import type { PagerItem } from '../../machines/pager.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model, newComment } from './comments.model.js';
import { fakeListServer, rows, settle } from './video-fixtures.js';

describeModel(model);

function start(options: { failAdd?: boolean } = {}) {
  let all: PagerItem[] = rows('c', 20);
  const server = fakeListServer(() => all);
  const sent: string[] = [];
  const actor = createActor(
    commentsMachine.provide({
      actors: {
        pager: pagerMachine.provide({ actors: { fetchPage: server.logic } }),
        addComment: fromPromise<Comment, { videoId: string; content: string }>(
          async ({ input }) => {
            sent.push(input.content);
            if (options.failAdd) throw new Error('Network down');
            all = [newComment, ...all];
            return { ...newComment, content: input.content };
          },
        ),
      },
    }),
    { input: { videoId: 'v_1' } },
  ).start();
  const ids = () =>
    selectItems(selectCommentsPager(actor.getSnapshot()).getSnapshot()).map((i) => i._id);
  return { actor, server, sent, ids };
}

describe('comments', () => {
  it('adds a trimmed comment on top, clears the box, and later pages neither repeat nor skip', async () => {
    const { actor, sent, ids, server } = start();
    await settle();
    expect(ids()).toHaveLength(9);
    actor.send({ type: 'TEXT_CHANGED', text: '  ' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'TEXT_CHANGED', text: ' Nice video ' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual(['Nice video']);
    expect(selectText(actor.getSnapshot())).toBe('');
    expect(ids()[0]).toBe(newComment._id);
    const pager = () => selectCommentsPager(actor.getSnapshot()).getSnapshot();
    for (let i = 0; i < 5 && selectHasMore(pager()); i++) {
      actor.send({ type: 'LOAD_MORE' });
      await settle();
    }
    expect(ids()).toEqual([newComment._id, ...rows('c', 20).map((r) => r._id)]);
    expect(server.calls.every((c) => c.params.videoId === 'v_1' && c.limit === 9)).toBe(true);
  });

  it('keeps the text and emits failed when adding fails', async () => {
    const { actor, ids } = start({ failAdd: true });
    const failures: string[] = [];
    actor.on('failed', (e) => failures.push(e.message));
    await settle();
    actor.send({ type: 'TEXT_CHANGED', text: 'Nice video' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(failures).toEqual(['Network down']);
    expect(selectText(actor.getSnapshot())).toBe('Nice video');
    expect(ids()).not.toContain(newComment._id);
  });
});

describe('comments sort (issue 33)', () => {
  it('opens on Top comments and starts over from page 1 when the order changes', async () => {
    const { actor, server, ids } = start();
    await settle();
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    expect(ids()).toHaveLength(18);
    actor.send({ type: 'SORT_CHANGED', sort: 'newest' });
    await settle();
    expect(ids()).toHaveLength(9);
    // The same order again changes nothing.
    actor.send({ type: 'SORT_CHANGED', sort: 'newest' });
    await settle();
    expect(server.calls.map((c) => [c.page, c.params.sort])).toEqual([
      [1, 'top'],
      [2, 'top'],
      [1, 'newest'],
    ]);
  });
});
