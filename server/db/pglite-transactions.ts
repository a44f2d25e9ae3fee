/**
 * The transactions the HTTP thread opens in the database worker: `begin`, then statements that
 * name the transaction's id, then `commit` or `rollback`, each a message of its own, so PGlite's
 * transaction is held open across messages.
 *
 * PGlite's transaction lock keeps its own query() out of an open transaction, but a named
 * statement (pglite-named-statements.ts) runs through execProtocol, which that lock does not
 * cover, and PGlite offers it no public way in. So this lock does it: every transaction holds it
 * from begin to end, and a named statement outside a transaction takes it for its run. Both ask
 * for it as their message arrives, so they run in arrival order, as PGlite's own lock orders its
 * query() and transaction().
 */
import { Mutex, type PGlite, type Transaction } from '@electric-sql/pglite';

interface OpenTransaction {
  /** Resolves once PGlite has begun it (it may first wait for the locks). */
  handle: Promise<Transaction>;
  /** Ends it: true commits, false rolls back. */
  finish: (commit: boolean) => void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<void>;
}

export class Transactions {
  readonly #pg: PGlite;
  readonly #open = new Map<number, OpenTransaction>();
  readonly #lock = new Mutex();

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  begin(txId: number): void {
    let opened!: (handle: Transaction) => void;
    let failed!: (error: unknown) => void;
    const handle = new Promise<Transaction>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    let finish!: (commit: boolean) => void;
    const decision = new Promise<boolean>((resolve) => (finish = resolve));
    const done = this.#lock.runExclusive(() =>
      this.#pg.transaction(async (tx) => {
        opened(tx);
        if (!(await decision)) await tx.rollback();
      }),
    );
    // A BEGIN that fails must fail the statements waiting for it too.
    done.catch(failed);
    // The failure is reported to whoever sends commit or rollback; this only avoids an unhandled one.
    handle.catch(() => undefined);
    this.#open.set(txId, { handle, finish, done });
  }

  async end(txId: number, commit: boolean): Promise<void> {
    const open = this.#open.get(txId);
    if (!open) throw new Error(`no open transaction ${txId}`);
    this.#open.delete(txId);
    open.finish(commit);
    await open.done;
  }

  /** The open transaction `txId`, once begun; throws when it has ended. */
  handle(txId: number): Promise<Transaction> {
    const open = this.#open.get(txId);
    if (!open) throw new Error('the transaction has ended');
    return open.handle;
  }

  /** Runs `fn` (a named statement) once no transaction is open, before any that begins later. */
  outside<T>(fn: () => Promise<T>): Promise<T> {
    return this.#lock.runExclusive(fn);
  }
}
