import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  commentThreadMachine,
  selectCanShowMore,
  selectReplies,
  selectReplyCount,
} from '../../machines/comment-thread.machine.js';
import type { PagerItem } from '../../machines/pager.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { commentFixture } from './comment-fixtures.js';
import { model } from './comment-thread.model.js';
import { fakeListServer, settle } from './video-fixtures.js';

describeModel(model);

const reply = (n: number) => commentFixture(`r-${n}`, { parentId: 'c1' });

function start(count: number) {
  let all: PagerItem[] = Array.from({ length: count }, (_, i) => reply(i + 1));
  const server = fakeListServer(() => all);
  const actor = createActor(
    commentThreadMachine.provide({ actors: { fetchReplies: server.logic } }),
    { input: { commentId: 'c1', replyCount: count } },
  ).start();
  const ids = () => selectReplies(actor.getSnapshot()).map((r) => r._id);
  const publish = (n: number) => {
    all = [...all, reply(n)];
  };
  return { actor, server, ids, publish };
}

describe('comment thread', () => {
  it('loads 10 oldest first, then the rest, and shows them again at once after folding', async () => {
    const { actor, server, ids } = start(13);
    expect(server.calls).toHaveLength(0);
    actor.send({ type: 'SHOW' });
    await settle();
    expect(ids()).toEqual(Array.from({ length: 10 }, (_, i) => `r-${i + 1}`));
    expect(selectCanShowMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'LOAD_MORE' });
    await settle();
    expect(ids()).toHaveLength(13);
    expect(selectCanShowMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'HIDE' });
    actor.send({ type: 'SHOW' });
    await settle();
    expect(server.calls.map((c) => [c.page, c.limit])).toEqual([
      [1, 10],
      [2, 10],
    ]);
    expect(ids()).toHaveLength(13);
  });

  it("a live reply to an open thread loads from where it ended; one's own is not loaded twice", async () => {
    const { actor, ids, publish } = start(3);
    actor.send({ type: 'SHOW' });
    await settle();
    publish(4);
    actor.send({ type: 'RELOAD', commentId: 'r-4' });
    await settle();
    expect(ids()).toEqual(['r-1', 'r-2', 'r-3', 'r-4']);
    expect(selectReplyCount(actor.getSnapshot())).toBe(4);
    // One's own reply shows at once; its live announcement changes nothing.
    const own = reply(5);
    publish(5);
    actor.send({ type: 'ADDED', reply: own });
    actor.send({ type: 'RELOAD', commentId: 'r-5' });
    await settle();
    expect(ids()).toEqual(['r-1', 'r-2', 'r-3', 'r-4', 'r-5']);
    expect(selectReplyCount(actor.getSnapshot())).toBe(5);
  });

  it('a live reply to a folded thread only counts one more', async () => {
    const { actor, server } = start(2);
    actor.send({ type: 'RELOAD', commentId: 'r-3' });
    expect(selectReplyCount(actor.getSnapshot())).toBe(3);
    expect(server.calls).toHaveLength(0);
  });
});
