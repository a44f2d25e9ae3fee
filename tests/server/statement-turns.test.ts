/**
 * The embedded database's turns (server/db/statement-turns.ts): at most `limit` statements in the
 * worker; a request already served goes before one not yet served; a request's own statements
 * keep their order; a failed statement frees its place.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { runAsRequest, StatementTurns } from '../../server/db/statement-turns.js';
import { installRequestTurns } from '../../server/request-turns.js';

/** A fake worker: records what was sent, answers when told. */
function fakeWorker() {
  const sent: string[] = [];
  const answers = new Map<string, { resolve: (v: string) => void; reject: (e: Error) => void }>();
  let inWorker = 0;
  let most = 0;
  return {
    sent,
    most: () => most,
    send: (name: string) => () =>
      new Promise<string>((resolve, reject) => {
        sent.push(name);
        inWorker += 1;
        most = Math.max(most, inWorker);
        const done = () => (inWorker -= 1);
        answers.set(name, {
          resolve: (v) => (done(), resolve(v)),
          reject: (e) => (done(), reject(e)),
        });
      }),
    answer: (name: string) => answers.get(name)!.resolve(name),
    fail: (name: string) => answers.get(name)!.reject(new Error(`${name} failed`)),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('statement turns', () => {
  it("runs a served request's next statement before a new request's first", async () => {
    const worker = fakeWorker();
    const turns = new StatementTurns(1);
    const a = runAsRequest(async () => {
      await turns.take(worker.send('a1'));
      await turns.take(worker.send('a2'));
    });
    await tick();
    const b = runAsRequest(() => turns.take(worker.send('b1')));
    const c = runAsRequest(() => turns.take(worker.send('c1')));
    expect(worker.sent).toEqual(['a1']);
    worker.answer('a1');
    await tick();
    // First come, first served would have sent b1 here.
    expect(worker.sent).toEqual(['a1', 'a2']);
    worker.answer('a2');
    await a;
    await tick();
    worker.answer('b1');
    await b;
    await tick();
    worker.answer('c1');
    await c;
    expect(worker.sent).toEqual(['a1', 'a2', 'b1', 'c1']);
  });

  it("keeps a request's statements sent together in their order, and the limit", async () => {
    const worker = fakeWorker();
    const turns = new StatementTurns(2);
    const first = runAsRequest(() =>
      Promise.all(['x1', 'x2', 'x3', 'x4'].map((name) => turns.take(worker.send(name)))),
    );
    const outside = ['o1', 'o2'].map((name) => turns.take(worker.send(name)));
    await tick();
    expect(worker.sent).toEqual(['x1', 'x2']);
    for (const name of ['x1', 'x2', 'x3', 'x4', 'o1', 'o2']) {
      worker.answer(name);
      await tick();
    }
    expect(await first).toEqual(['x1', 'x2', 'x3', 'x4']);
    expect(await Promise.all(outside)).toEqual(['o1', 'o2']);
    expect(worker.sent).toEqual(['x1', 'x2', 'x3', 'x4', 'o1', 'o2']);
    expect(worker.most()).toBe(2);
  });

  it('frees the place of a failed statement and hands its error to the caller', async () => {
    const worker = fakeWorker();
    const turns = new StatementTurns(1);
    const failing = turns.take(worker.send('bad'));
    const next = turns.take(worker.send('good'));
    worker.fail('bad');
    await expect(failing).rejects.toThrow('bad failed');
    await tick();
    worker.answer('good');
    expect(await next).toBe('good');
  });

  it('keeps an HTTP request one requester past its body (request-turns.ts)', async () => {
    const worker = fakeWorker();
    const turns = new StatementTurns(1);
    const app = Fastify();
    installRequestTurns(app);
    app.post('/write', async () => {
      await turns.take(worker.send('w1'));
      await turns.take(worker.send('w2'));
      return {};
    });
    app.get('/read', async () => {
      await turns.take(worker.send('r1'));
      return {};
    });
    // A real socket: its body arrives in the socket's own callbacks (app.inject's does not).
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const write = fetch(`${base}/write`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'parsed first' }),
    });
    while (!worker.sent.includes('w1')) await tick();
    const read = fetch(`${base}/read`);
    await pause(200); // r1 is waiting for its turn by now
    worker.answer('w1');
    await pause(50);
    // Had the body's parsing lost the request's context, w2 would be a newcomer behind r1.
    expect(worker.sent).toEqual(['w1', 'w2']);
    worker.answer('w2');
    expect((await write).status).toBe(200);
    while (!worker.sent.includes('r1')) await tick();
    worker.answer('r1');
    expect((await read).status).toBe(200);
    await app.close();
  });
});
