import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  likeToggleMachine,
  selectLikeCount,
  selectLiked,
} from '../../machines/like-toggle.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './like-toggle.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

/** A fake like API for one video: the real toggle, then the reload reads the new numbers. */
function likeServer(options: { failToggle?: boolean } = {}) {
  const state = { likeCount: 2, likedByUser: false };
  const log: string[] = [];
  const machine = likeToggleMachine.provide({
    actors: {
      fetchLikeStatus: fromPromise(async () => {
        log.push('status');
        return { ...state };
      }),
      toggleLike: fromPromise(async () => {
        log.push('toggle');
        if (options.failToggle) throw new Error('Network down');
        state.likedByUser = !state.likedByUser;
        state.likeCount += state.likedByUser ? 1 : -1;
        return { liked: state.likedByUser, likeCount: state.likeCount };
      }),
    },
  });
  return { machine, log };
}

describe('like toggle', () => {
  it('toggles, then reloads the count; extra clicks while busy are ignored', async () => {
    const { machine, log } = likeServer();
    const actor = createActor(machine, { input: { videoId: 'v' } }).start();
    await settle();
    expect([selectLikeCount(actor.getSnapshot()), selectLiked(actor.getSnapshot())]).toEqual([
      2,
      false,
    ]);
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'TOGGLE' });
    await settle();
    expect(log).toEqual(['status', 'toggle', 'status']);
    expect([selectLikeCount(actor.getSnapshot()), selectLiked(actor.getSnapshot())]).toEqual([
      3,
      true,
    ]);
  });

  it('keeps the old state and emits failed when the toggle fails', async () => {
    const { machine } = likeServer({ failToggle: true });
    const actor = createActor(machine, { input: { videoId: 'v' } }).start();
    const failures: string[] = [];
    actor.on('failed', (e) => failures.push(e.message));
    await settle();
    actor.send({ type: 'TOGGLE' });
    await settle();
    expect(failures).toEqual(['Network down']);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectLikeCount(actor.getSnapshot())).toBe(2);
  });
});
