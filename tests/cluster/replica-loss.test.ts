/**
 * Losing an API replica under reads and writes through nginx: killed (SIGKILL), or drained in a
 * rolling restart (SIGTERM). No read fails, nothing acknowledged is lost, and the replica rejoins
 * nginx's rotation by itself. Each step waits for what shows the previous one happened (an answer
 * nginx got from a replica, or passed on from one to the other; an exit), never a time.
 */
import { describe, expect, it } from 'vitest';
import { fixture } from '../server/media-fixtures.js';
import { EventStream, streamServedBy } from './event-stream.js';
import type { Session } from './harness.js';
import { withCluster, poll, signUp, type TestCluster } from './harness.js';
import { holdUpload } from './held-upload.js';
import { lostWrites, startLoad, type Load } from './load.js';

let t: TestCluster;
withCluster((joined) => (t = joined));

/** The replica that answered (the last nginx tried). */
const answeredBy = (servedBy: string) => servedBy.split(',').at(-1)!.trim();

/** Waits until `load` has `n` answers from index `from` on that `match`; the answers seen. */
async function answers(load: Load, from: number, match: (servedBy: string) => boolean, n = 1) {
  const seen = await poll(
    async () => load.servedBy.slice(from).filter(match),
    (matching) => matching.length >= n,
    30_000,
  );
  expect(seen.length).toBeGreaterThanOrEqual(n);
  return seen;
}

describe('losing a replica', () => {
  it('under reads and writes, nginx sends the rest to 2; nothing acknowledged is lost; 1 rejoins', async () => {
    const [one, two] = t.replicas.map((replica) => new URL(replica.url!).host) as [string, string];
    const writer = await signUp(t.api[1]);
    const load = startLoad(writer.session, t.site);
    try {
      // The kill lands in a flow of requests to both replicas, writes among them.
      await answers(load, 0, (by) => answeredBy(by) === one, 3);
      await poll(
        async () => load.acknowledged.length,
        (n) => n >= 3,
        30_000,
      );
      const killedAt = load.servedBy.length;
      await t.replicas[0].kill('SIGKILL');
      // nginx met the dead replica and passed the request on to 2; and the flow goes on there.
      await answers(load, killedAt, (by) => by.includes(one) && answeredBy(by) === two);
      await answers(load, killedAt, (by) => answeredBy(by) === two, 20);
      const restartedAt = load.servedBy.length;
      await t.replicas[0].start();
      // Rejoined without a manual step: nginx sends it requests again (after its 2 s pause).
      await answers(load, restartedAt, (by) => answeredBy(by) === one, 3);
    } finally {
      await load.stop();
    }
    expect(load.failures).toEqual([]);
    expect(load.acknowledged.length).toBeGreaterThan(10);
    const tweets = await writer.session.request(
      t.site,
      'GET',
      `/api/v1/tweets/user/${writer.userId}?limit=50&page=1`,
    );
    const total = Number(tweets.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(load.acknowledged.length);
    expect(await lostWrites(t.database, writer.userId, load.acknowledged)).toEqual([]);
  });
});

describe('a rolling restart', () => {
  /**
   * One replica's turn: SIGTERM while a viewer's live stream (through nginx) and an upload are
   * on it. It drains: the stream ends at once and reopens on the other replica, the upload
   * finishes, and the process exits by itself; started again, it is back in nginx's rotation.
   */
  async function restart(index: 0 | 1, viewer: Session, source: Buffer) {
    const replica = t.replicas[index];
    const other = t.replicas[1 - index]!;
    const stream = await streamServedBy(viewer, t.site, '/api/v1/events', replica.url!);
    const upload = await holdUpload(viewer, replica.url!, source);
    const exited = replica.kill('SIGTERM');
    // Ended while the upload still holds the replica open: no process exit closed it.
    await stream.ended(5_000);
    const again = await EventStream.open(viewer, t.site, '/api/v1/events');
    again.close();
    expect(again.servedBy).toBe(new URL(other.url!).host);
    upload.finish();
    expect(await upload.answer).toEqual({ status: 204, offset: String(source.length) });
    expect(await exited).toEqual({ code: 0, signal: null });
    await replica.start();
    // nginx skips a replica for 2 s after it refused a connection; then it is tried again.
    const servedBy = () =>
      fetch(`${t.site}/api/v1/healthcheck`).then((r) => r.headers.get('x-served-by') ?? '');
    const back = await poll(servedBy, (by) => by.endsWith(new URL(replica.url!).host), 10_000);
    expect(back.endsWith(new URL(replica.url!).host)).toBe(true);
  }

  it('SIGTERM drains 1 then 2 under reads and writes: no read fails, nothing acknowledged is lost', async () => {
    const writer = await signUp(t.api[0]);
    const viewer = await signUp(t.api[1]);
    const source = await fixture('plain.mp4');
    const load = startLoad(writer.session, t.site);
    try {
      await restart(0, viewer.session, source);
      await restart(1, viewer.session, source);
    } finally {
      await load.stop();
    }
    expect(load.failures).toEqual([]);
    expect(load.acknowledged.length).toBeGreaterThan(0);
    expect(await lostWrites(t.database, writer.userId, load.acknowledged)).toEqual([]);
  });
});
