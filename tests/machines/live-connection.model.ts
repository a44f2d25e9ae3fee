import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import {
  backoffMs,
  liveConnectionMachine,
  selectLiveStatus,
  toEmitted,
  type LiveConnectionSnapshot,
} from '../../machines/live-connection.machine.js';
import type { Model } from '../support/model.js';

export const model: Model<typeof liveConnectionMachine> = {
  name: 'live connection (bell and watch page)',
  machine: liveConnectionMachine,
  meaning: {
    connecting: 'one authenticated call runs (it refreshes an expired session); no stream is open',
    open: 'one stream is open, for the watched video if any',
    'open.opening': 'the stream was asked for and has not answered yet',
    'open.live':
      'events flow: each known one is passed on; entering it says "re-read", and the backoff restarts',
    reconnecting:
      'nothing open; the next attempt waits 1 s, doubling after each failure up to 30 s',
    offline: 'the browser is offline: nothing is tried until it is back',
  },
  input: { videoId: null },
  promiseActors: ['authorize'],
  provide: { actors: { stream: fromCallback(() => {}) } },
  // Attempts grow with every failure: the model tells none, one and several apart.
  serialize: (s) =>
    JSON.stringify({
      value: s.value as unknown,
      videoId: (s as LiveConnectionSnapshot).context.videoId,
      attempts: Math.min((s as LiveConnectionSnapshot).context.attempts, 2),
    }),
  events: {
    'xstate.done.actor.authorize': [{ type: 'xstate.done.actor.authorize', output: undefined }],
    'xstate.error.actor.authorize': [
      { type: 'xstate.error.actor.authorize', error: new Error('Network down') },
    ],
    MESSAGE: [
      { type: 'MESSAGE', name: 'notifications', data: '{}' },
      { type: 'MESSAGE', name: 'comment', data: '{"videoId":"v1","commentId":"c1"}' },
      // Issue 33: a reply names its thread.
      {
        type: 'MESSAGE',
        name: 'comment',
        data: '{"videoId":"v1","commentId":"r1","parentId":"c1"}',
      },
      { type: 'MESSAGE', name: 'comments', data: '{"videoId":"v1"}' },
      { type: 'MESSAGE', name: 'something-new', data: '{}' },
      { type: 'MESSAGE', name: 'comment', data: 'not json' },
    ],
    WATCH: [
      { type: 'WATCH', videoId: 'v1' },
      { type: 'WATCH', videoId: null },
    ],
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as LiveConnectionSnapshot;
    const { event, previous, emitted } = step;
    if (event.type === 'WATCH') expect(s.context.videoId).toBe(event.videoId);

    expect(selectLiveStatus(s)).toBe(
      s.matches({ open: 'live' })
        ? 'live'
        : s.matches('reconnecting')
          ? 'reconnecting'
          : s.matches('offline')
            ? 'offline'
            : 'connecting',
    );
    // Exactly one way in at a time: the authorize call, or the stream, or nothing.
    expect(s.children.authorize !== undefined).toBe(s.matches('connecting'));
    expect(s.children.stream !== undefined).toBe(s.matches('open'));

    const becameLive =
      s.matches({ open: 'live' }) &&
      !(previous as LiveConnectionSnapshot | undefined)?.matches({ open: 'live' });
    const relayed =
      event.type === 'MESSAGE' && s.matches({ open: 'live' })
        ? toEmitted(event.name as string, event.data as string)
        : null;
    expect(emitted).toEqual([
      ...(becameLive ? [{ type: 'resync' }] : []),
      ...(relayed && !becameLive ? [relayed] : []),
    ]);

    if (s.matches({ open: 'live' })) expect(s.context.attempts).toBe(0);
    if (s.matches('reconnecting')) {
      expect(s.context.attempts).toBeGreaterThan(0);
      expect(backoffMs(s.context.attempts)).toBeLessThanOrEqual(30_000);
    }
    if (s.matches('offline')) expect(Object.keys(s.children)).toEqual([]);
    expect(fakes.calls.every((c) => c.src === 'authorize')).toBe(true);
  },
};
