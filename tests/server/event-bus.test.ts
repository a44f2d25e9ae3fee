/**
 * The event bus: in-process on the embedded database, LISTEN/NOTIFY across processes on
 * PostgreSQL (those cases run when TEST_DATABASE_URL names a server, as in CI's second run).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  InProcessBus,
  MAX_EVENT_BYTES,
  type BusEvent,
  type EventBus,
} from '../../server/events/event-bus.js';
import { PostgresBus } from '../../server/events/postgres-bus.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const opened: EventBus[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

function nextEvent(bus: EventBus, topic: string): Promise<BusEvent> {
  return new Promise((resolve) => {
    const stop = bus.subscribe(topic, (event) => {
      stop();
      resolve(event);
    });
  });
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no ${what} in ${ms} ms`)), ms),
    ),
  ]);
}

describe('in-process bus', () => {
  it('delivers to the topic’s subscribers only, after the publisher’s own turn', async () => {
    const bus = new InProcessBus();
    opened.push(bus);
    const heard: string[] = [];
    bus.subscribe('feed.changed', (event) => heard.push(`feed ${event.videoId}`));
    bus.subscribe('comment.added', (event) => heard.push(`comment ${event.commentId}`));
    await bus.publish({ topic: 'feed.changed', videoId: 'v1' });
    expect(heard).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['feed v1']);
  });

  it('stops delivering after unsubscribe, and one failing listener does not stop the others', async () => {
    const bus = new InProcessBus();
    opened.push(bus);
    const heard: BusEvent[] = [];
    const stop = bus.subscribe('t', () => {
      throw new Error('listener bug');
    });
    bus.subscribe('t', (event) => heard.push(event));
    await bus.publish({ topic: 't', n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    await bus.publish({ topic: 't', n: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard.map((event) => event.n)).toEqual([1, 2]);
  });

  it('delivers a copy, and refuses events without a topic or larger than NOTIFY allows', async () => {
    const bus = new InProcessBus();
    opened.push(bus);
    const event: BusEvent = { topic: 't', id: 'a' };
    const heard = nextEvent(bus, 't');
    await bus.publish(event);
    event.id = 'changed after publishing';
    expect(await heard).toEqual({ topic: 't', id: 'a' });
    await expect(bus.publish({ topic: '' })).rejects.toThrow('needs a topic');
    await expect(bus.publish({ topic: 't', id: 'x'.repeat(MAX_EVENT_BYTES) })).rejects.toThrow(
      'over 4000 bytes',
    );
  });
});

describe.runIf(databaseUrl)('PostgreSQL bus', () => {
  const url = databaseUrl ?? '';
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  afterAll(() => pool.end());
  const open = async (applicationName = 'vidtube events test') => {
    const bus = await PostgresBus.open({
      connectionString: url,
      query: (text, values) => pool.query(text, values),
      applicationName,
    });
    opened.push(bus);
    return bus;
  };

  it('delivers an event published by one process to every listening process, itself too', async () => {
    const [one, two] = [await open(), await open()];
    const topic = `t-${randomBytes(4).toString('hex')}`;
    const onOne = nextEvent(one, topic);
    const onTwo = nextEvent(two, topic);
    await one.publish({ topic, videoId: 'v1' });
    expect(await within(onTwo, 2_000, 'event on the other bus')).toEqual({ topic, videoId: 'v1' });
    expect(await within(onOne, 2_000, 'event on the publishing bus')).toEqual({
      topic,
      videoId: 'v1',
    });
  });

  it('delivers nothing of a transaction rolled back, and on commit only', async () => {
    const bus = await open();
    const topic = `t-${randomBytes(4).toString('hex')}`;
    const heard: BusEvent[] = [];
    bus.subscribe(topic, (event) => heard.push(event));
    const arrival = (n: number) =>
      new Promise<void>((resolve) => bus.subscribe(topic, (e) => e.n === n && resolve()));
    const notify = (client: pg.PoolClient, n: number) =>
      client.query('select pg_notify($1, $2)', ['vidtube_events', JSON.stringify({ topic, n })]);
    const client = await pool.connect();
    const committed = arrival(2);
    try {
      await client.query('begin');
      await notify(client, 1);
      await client.query('rollback');
      await client.query('begin');
      await notify(client, 2);
      // A sentinel committed by another session while the second transaction is open: the bus
      // hears notifications in commit order, so one of the rolled-back or the open transaction
      // delivered would have arrived before it.
      const sentinel = arrival(3);
      await bus.publish({ topic, n: 3 });
      await within(sentinel, 2_000, 'the sentinel');
      expect(heard.map((event) => event.n)).toEqual([3]);
      await client.query('commit');
    } finally {
      client.release();
    }
    await within(committed, 2_000, 'event after commit');
    expect(heard.map((event) => event.n)).toEqual([3, 2]);
  });

  it('reconnects after its connection is killed, tells onGap, and hears events again', async () => {
    const name = `vidtube events ${randomBytes(4).toString('hex')}`;
    const bus = await open(name);
    const topic = `t-${randomBytes(4).toString('hex')}`;
    const gap = new Promise<void>((resolve) => bus.onGap(resolve));
    const killed = await pool.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [name],
    );
    expect(killed.rowCount).toBe(1);
    await within(gap, 5_000, 'gap after the kill');
    const heard = nextEvent(bus, topic);
    await bus.publish({ topic, id: 'after' });
    expect(await within(heard, 2_000, 'event after reconnecting')).toEqual({ topic, id: 'after' });
  });

  it('ignores notifications on its channel that are not events', async () => {
    const bus = await open();
    const topic = `t-${randomBytes(4).toString('hex')}`;
    const heard: BusEvent[] = [];
    bus.subscribe(topic, (event) => heard.push(event));
    await pool.query(
      "select pg_notify('vidtube_events', 'not json'), pg_notify('vidtube_events', '[]')",
    );
    const last = nextEvent(bus, topic);
    await bus.publish({ topic, n: 3 });
    await within(last, 2_000, 'the real event');
    expect(heard.map((event) => event.n)).toEqual([3]);
  });
});
