import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  backoffMs,
  LIVE_BACKOFF_FIRST_MS,
  LIVE_BACKOFF_MAX_MS,
  liveConnectionMachine,
  selectLiveStatus,
  toEmitted,
  type LiveConnectionEvent,
} from '../../machines/live-connection.machine.js';
import { describeModel } from '../support/model-vitest.js';
import { model } from './live-connection.model.js';
import { settle } from './video-fixtures.js';

describeModel(model);

/** A connection over a fake server: `authorizeFails` answers in turn; streams are recorded. */
function start(authorizeFails: boolean[] = []) {
  const clock = new SimulatedClock();
  let authorizations = 0;
  const streams: { videoId: string | null; send: (e: LiveConnectionEvent) => void }[] = [];
  const machine = liveConnectionMachine.provide({
    actors: {
      authorize: fromPromise(async () => {
        if (authorizeFails[authorizations++]) throw new Error('Network down');
      }),
      stream: fromCallback<LiveConnectionEvent, { videoId: string | null }>(
        ({ input, sendBack }) => {
          streams.push({ videoId: input.videoId, send: sendBack });
        },
      ),
    },
  });
  const actor = createActor(machine, { input: { videoId: null }, clock }).start();
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  const tick = async (ms: number) => {
    clock.increment(ms);
    await settle();
  };
  return { actor, tick, streams, emitted, authorizations: () => authorizations };
}

describe('live connection', () => {
  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffMs(1)).toBe(LIVE_BACKOFF_FIRST_MS);
    expect(backoffMs(50)).toBe(LIVE_BACKOFF_MAX_MS);
  });

  it('connects, says "re-read" once live, and passes the server’s events on', async () => {
    const { actor, streams, emitted } = start();
    await settle();
    expect(streams).toHaveLength(1);
    streams[0]!.send({ type: 'OPENED' });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('live');
    streams[0]!.send({ type: 'MESSAGE', name: 'notifications', data: '{}' });
    expect(emitted).toEqual(['resync', 'notificationsChanged']);
  });

  it('retries after a drop with a growing wait, and starts over once live again', async () => {
    const { actor, tick, streams, authorizations } = start([false, true, false]);
    await settle();
    streams[0]!.send({ type: 'OPENED' });
    streams[0]!.send({ type: 'DROPPED' });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('reconnecting');
    await tick(999);
    expect(authorizations()).toBe(1);
    await tick(1); // attempt 2 fails
    expect(authorizations()).toBe(2);
    await tick(1999);
    expect(authorizations()).toBe(2);
    await tick(1); // attempt 3 succeeds
    expect(streams).toHaveLength(2);
    streams[1]!.send({ type: 'OPENED' });
    expect(actor.getSnapshot().context.attempts).toBe(0);
  });

  it('waits while offline and connects at once when the network is back', async () => {
    const { actor, tick, authorizations } = start();
    await settle();
    actor.send({ type: 'WENT_OFFLINE' });
    await tick(60_000);
    expect(authorizations()).toBe(1);
    expect(selectLiveStatus(actor.getSnapshot())).toBe('offline');
    actor.send({ type: 'WENT_ONLINE' });
    await settle();
    expect(authorizations()).toBe(2);
  });

  it('opens a new stream for the watched video', async () => {
    const { actor, streams } = start();
    await settle();
    streams[0]!.send({ type: 'OPENED' });
    actor.send({ type: 'WATCH', videoId: 'v9' });
    expect(streams.map((s) => s.videoId)).toEqual([null, 'v9']);
  });
});

describe('live comment events (issue 33)', () => {
  it('carry the thread of a reply, and null for a comment or an older server', () => {
    expect(toEmitted('comment', '{"videoId":"v1","commentId":"r1","parentId":"c1"}')).toEqual({
      type: 'commentAdded',
      videoId: 'v1',
      commentId: 'r1',
      parentId: 'c1',
    });
    expect(toEmitted('comment', '{"videoId":"v1","commentId":"c2","parentId":null}')).toEqual({
      type: 'commentAdded',
      videoId: 'v1',
      commentId: 'c2',
      parentId: null,
    });
    expect(toEmitted('comment', '{"videoId":"v1","commentId":"c3"}')).toMatchObject({
      parentId: null,
    });
  });
});
