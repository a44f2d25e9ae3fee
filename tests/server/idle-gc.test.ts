/**
 * Once the server goes quiet after a burst of requests, both threads collect their garbage
 * (server/http/idle-gc.ts): once, never while a request is in flight, and not again while idle.
 * The check period's timer is the test's own, ticked by hand, so nothing waits for real seconds.
 */
import http from 'node:http';
import net from 'node:net';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
import { collectAllGarbage } from '../../server/full-gc.js';
import { collectWhenIdle, MIN_REQUESTS, PASSES, type Every } from '../../server/http/idle-gc.js';
import { createUser, type TestUser } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

/** The watcher's check-period timer, ticked by the test. */
class HandClock {
  #tick: (() => void) | undefined;
  readonly every: Every = (_ms, tick) => {
    this.#tick = tick;
    return () => (this.#tick = undefined);
  };
  /** Whether the watcher's timer is running (it stops once the server is quiet). */
  get running(): boolean {
    return this.#tick !== undefined;
  }
  periods(n: number): void {
    for (let i = 0; i < n; i++) this.#tick?.();
  }
}

describe('garbage collection once the server is idle', () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  const clock = new HandClock();
  let collections = 0;
  let stopWatching: () => void;
  /** Settles once every response the server has started has closed. */
  const open = new Set<Promise<void>>();
  const everyResponseClosed = () => Promise.all(open);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice_idle_gc');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    stopWatching = collectWhenIdle(t.app.server, {
      collect: async () => void collections++,
      onError: (error) => expect.unreachable(String(error)),
      every: clock.every,
    });
    // After the watcher's, so its own 'close' listener has run when these settle.
    t.app.server.on('request', (_request, response) => {
      open.add(new Promise((resolve) => response.once('close', () => resolve())));
    });
  });
  afterAll(async () => {
    stopWatching();
    await t.close();
  });

  async function burst(requests: number): Promise<void> {
    for (let sent = 0; sent < requests; sent += 20) {
      const batch = Array.from({ length: Math.min(20, requests - sent) }, () =>
        fetch(`${base}/api/v1/healthcheck`).then((res) => res.status),
      );
      expect(new Set(await Promise.all(batch))).toEqual(new Set([200]));
    }
    await everyResponseClosed();
  }

  it('collects after a burst from the fifth quiet period on, once a period, then stops', async () => {
    await burst(MIN_REQUESTS);
    expect(clock.running).toBe(true);
    clock.periods(1); // the one the burst fell in
    clock.periods(4);
    expect(collections).toBe(0);
    clock.periods(1);
    expect(collections).toBe(1);
    clock.periods(PASSES - 1);
    expect(collections).toBe(PASSES);
    // Idle from now on: no timer runs, so nothing can collect again.
    expect(clock.running).toBe(false);
  });

  it('does not collect after too few requests to be worth a pause', async () => {
    const before = collections;
    await burst(10);
    clock.periods(1 + 5);
    expect(collections).toBe(before);
    expect(clock.running).toBe(false);
  });

  it('waits while a slow upload is in flight, and collects once it has ended', async () => {
    await burst(MIN_REQUESTS);
    const before = collections;
    const seen = new Promise((resolve) => t.app.server.once('request', resolve));
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.write(
      `POST /api/v1/videos HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: multipart/form-data; boundary=slow\r\nContent-Length: 100000\r\n` +
        `Cookie: ${alice.cookie}\r\n\r\n--slow\r\n`,
    );
    await seen;
    clock.periods(20);
    expect(collections).toBe(before);
    expect(clock.running).toBe(true);

    socket.destroy();
    await everyResponseClosed();
    clock.periods(1 + 4);
    expect(collections).toBe(before);
    clock.periods(PASSES);
    expect(collections).toBe(before + PASSES);
    expect(clock.running).toBe(false);
  });
});

describe('garbage collection after the start', () => {
  it('collects once the started server has been quiet, as after a burst, then stops', () => {
    const clock = new HandClock();
    let collections = 0;
    const watch = (startUpIsABurst: boolean) =>
      collectWhenIdle(http.createServer(), {
        collect: async () => void collections++,
        onError: (error) => expect.unreachable(String(error)),
        every: clock.every,
        startUpIsABurst,
      });

    // Without the option nothing watches until the first request.
    watch(false)();
    expect(clock.running).toBe(false);

    const stop = watch(true);
    expect(clock.running).toBe(true);
    clock.periods(4);
    expect(collections).toBe(0);
    clock.periods(PASSES);
    expect(collections).toBe(PASSES);
    expect(clock.running).toBe(false);
    stop();
  });
});

describe('a full collection', () => {
  /** Made in a function of its own, so no register of the test's frame still holds the object. */
  function unreachableObject(): WeakRef<object> {
    return new WeakRef({ payload: Array.from({ length: 1000 }, (_, i) => i) });
  }

  it('on this thread frees an object nothing refers to any more', async () => {
    const weak = unreachableObject();
    // A WeakRef keeps its target alive until the job that made it has ended.
    await nextMacrotask();
    collectAllGarbage();
    expect(weak.deref()).toBeUndefined();
  });

  it('in the database worker is answered, and statements sent meanwhile still are', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      const [, result] = await Promise.all([
        database.collectGarbage(),
        database.db.execute(sql`select 42 as answer`),
      ]);
      expect((result as { rows: unknown[] }).rows).toEqual([{ answer: 42 }]);
    } finally {
      await database.close();
    }
  });
});
