/**
 * Whose statement the embedded database runs next (issue 35). Its one thread runs statements one
 * at a time in the order they reach it, so under load a request waited in that queue once for
 * each statement it sent in turn: at 100 connections the queue was about 60 ms deep, and a new
 * comment's three statements took three times a watch's one.
 *
 * The worker client keeps at most IN_WORKER statements in the worker and holds the rest here.
 * The next one sent is a statement of a request that has already had one run (its follow-up read
 * or write), before the first statement of a request not yet served, so a request waits in the
 * queue about once however many statements it sends. A request's own statements keep their
 * order. Statements outside any request (the view counter's flush, jobs' drizzle statements)
 * take their turn as a new request does; pg-boss's own (executeSql) go straight to the worker.
 *
 * A transaction's statements never wait here: the worker client sends them straight away, since
 * while a transaction is open the database runs nothing else, and a statement of it held here
 * would hold everyone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Statements the worker holds at once: enough that it never waits for the HTTP thread between
 * two (one runs, the next is there), few enough that a follow-up passes nearly every new request.
 */
export const IN_WORKER = 4;

/** One request's statements waiting for their turn. */
interface Requester {
  /** Whether one of its statements has been sent: the next ones are follow-ups. */
  served: boolean;
  /** Its statements not yet sent, in the order it sent them. */
  waiting: (() => void)[];
  /** Whether it is in one of the scheduler's queues. */
  queued: boolean;
}

const requests = new AsyncLocalStorage<Requester>();

const newRequester = (): Requester => ({ served: false, waiting: [], queued: false });

/** Runs `handle` (an HTTP request's handling) as one requester: its statements are one line. */
export function runAsRequest<T>(handle: () => T): T {
  return requests.run(newRequester(), handle);
}

export class StatementTurns {
  readonly #limit: number;
  #inWorker = 0;
  /** Requesters already served, with statements waiting. */
  readonly #followUps: Requester[] = [];
  /** Requesters not yet served. */
  readonly #newcomers: Requester[] = [];

  constructor(limit = IN_WORKER) {
    this.#limit = limit;
  }

  /** Calls `send` (which sends one statement and settles with its answer) in its turn. */
  take<T>(send: () => Promise<T>): Promise<T> {
    const requester = requests.getStore() ?? newRequester();
    return new Promise<T>((resolve, reject) => {
      requester.waiting.push(() => {
        this.#inWorker += 1;
        send()
          .then(resolve, reject)
          .finally(() => {
            this.#inWorker -= 1;
            this.#next();
          });
      });
      if (!requester.queued) {
        requester.queued = true;
        (requester.served ? this.#followUps : this.#newcomers).push(requester);
      }
      this.#next();
    });
  }

  /** Sends statements while the worker has room: follow-ups first, then newcomers, in order. */
  #next(): void {
    while (this.#inWorker < this.#limit) {
      const requester = this.#followUps.shift() ?? this.#newcomers.shift();
      if (!requester) return;
      const send = requester.waiting.shift()!;
      requester.served = true;
      if (requester.waiting.length > 0) this.#followUps.push(requester);
      else requester.queued = false;
      send();
    }
  }
}
