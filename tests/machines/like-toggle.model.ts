import { expect } from 'vitest';
import {
  likeToggleMachine,
  selectCanToggle,
  selectIsBusy,
  selectLikeCount,
  selectLiked,
  type LikeToggleSnapshot,
} from '../../machines/like-toggle.machine.js';
import type { Model } from '../support/model.js';

const videoId = 'v_1';
/** What the server says: not liked (3 likes) and liked (4 likes). */
const notLiked = { likeCount: 3, likedByUser: false };
const liked = { likeCount: 4, likedByUser: true };

export const model: Model<typeof likeToggleMachine> = {
  name: 'like toggle',
  machine: likeToggleMachine,
  // What each state means to a tester: what `assert` checks there (shown by `npm run paths`).
  meaning: {
    loading: 'like status requested once for this video; button disabled',
    ready: "button enabled, showing one of the server's answers (count and liked)",
    toggling: 'busy; one toggle request running, button disabled',
    reloading: "the toggle's answer shows while the count is reloaded; button disabled",
    unavailable: 'status could not be loaded: button disabled, nothing toggled',
  },
  input: { videoId },
  promiseActors: ['fetchLikeStatus', 'toggleLike'],
  events: {
    'xstate.done.actor.fetchLikeStatus': [
      { type: 'xstate.done.actor.fetchLikeStatus', output: notLiked },
      { type: 'xstate.done.actor.fetchLikeStatus', output: liked },
    ],
    'xstate.error.actor.fetchLikeStatus': [
      { type: 'xstate.error.actor.fetchLikeStatus', error: new Error('Network down') },
    ],
    'xstate.done.actor.toggleLike': [
      { type: 'xstate.done.actor.toggleLike', output: { liked: true, likeCount: 4 } },
    ],
    'xstate.error.actor.toggleLike': [
      { type: 'xstate.error.actor.toggleLike', error: new Error('Network down') },
    ],
  },
  assert: (snapshot, fakes) => {
    const s = snapshot as LikeToggleSnapshot;
    // Every request is about this video; the count is reloaded after every toggle.
    for (const call of fakes.calls) expect(call.input).toEqual({ videoId });
    const toggles = fakes.callsOf('toggleLike').length;
    const loads = fakes.callsOf('fetchLikeStatus').length;
    if (s.matches('loading')) {
      expect(loads).toBe(1);
      expect(selectCanToggle(s)).toBe(false);
    }
    if (s.matches('toggling')) {
      expect(selectIsBusy(s)).toBe(true);
      expect(selectCanToggle(s)).toBe(false);
      expect(s.children.toggleLike).toBeDefined();
    }
    if (s.matches('reloading')) {
      // The toggle's answer shows while the count is reloaded.
      expect(loads).toBe(toggles + 1);
      expect({ count: selectLikeCount(s), liked: selectLiked(s) }).toEqual({
        count: 4,
        liked: true,
      });
      expect(selectCanToggle(s)).toBe(false);
    }
    if (s.matches('ready')) {
      expect(selectIsBusy(s)).toBe(false);
      expect(selectCanToggle(s)).toBe(true);
      // Shows one of the server's answers, never a mix.
      expect([notLiked, liked]).toContainEqual({
        likeCount: selectLikeCount(s),
        likedByUser: selectLiked(s),
      });
    }
    if (s.matches('unavailable')) {
      expect(selectCanToggle(s)).toBe(false);
      expect(toggles).toBe(0);
    }
    // No second toggle while one is running: at most one more toggle than reloads.
    expect(toggles).toBeLessThanOrEqual(loads);
  },
};
