/**
 * The answers of the per-request session check (sessions.ts `isSessionActive`) kept in memory, so
 * that a signed-in request of the embedded database costs no statement on its one database
 * thread for it (issue 35: a third of the mixed load's statements were this lookup).
 *
 * Only live answers are kept, with the session's expiry, and each for at most `ttlMs`. An ended
 * session must be refused at its very next request, so every way a session ends announces it on
 * the event bus (`sessions.ended`, events/live-topics.ts: sign-out, a device signed out, a
 * password changed or reset, a replayed refresh token) and the cache drops it (`ended`).
 *
 * Exact only where the event reaches the cache before the next request can: the in-process bus of
 * the embedded database (one process) hands it over inside the announcement, before the revoking
 * request answers (events/live-topics.ts `followSessionsEndedAtOnce`). PostgreSQL's NOTIFY reaches
 * the other replicas some time after the revoking request answered, so there is no cache there:
 * each replica asks the database (tests/cluster/sessions.test.ts: a sign-out through one replica
 * is refused through another at once).
 */

interface Entry {
  userId: string;
  expiresAt: number;
  /** When this answer stops being trusted without asking the database again. */
  until: number;
}

export interface SessionCacheOptions {
  /** How long one answer is trusted (a safety net; events end sessions at once). */
  ttlMs?: number;
  /** At most this many sessions are kept; the oldest answers go first. */
  maxEntries?: number;
  now?: () => number;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /**
   * Moves on with every ended session, so that a lookup that read the database before the end
   * committed cannot store its (then stale) answer after the event dropped the session.
   */
  #generation = 0;

  constructor(options: SessionCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#maxEntries = options.maxEntries ?? 50_000;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Sessions ended: the one `sessionId`, or all of `userId`'s that are over (the live hub's
   * `sessions.ended` event; the shell hands it here as it is announced, app.ts). Drops what
   * they cover and what lookups in flight would store.
   */
  ended(ended: { sessionId?: string | undefined; userId?: string | undefined }): void {
    this.#generation += 1;
    if (ended.sessionId !== undefined) this.#entries.delete(ended.sessionId);
    if (ended.userId !== undefined) this.forgetUser(ended.userId);
  }

  /** True when a live answer for this session of this user is known; false: ask the database. */
  isLive(sessionId: string, userId: string): boolean {
    const entry = this.#entries.get(sessionId);
    if (!entry) return false;
    const now = this.#now();
    if (entry.userId !== userId || entry.expiresAt <= now || entry.until <= now) {
      this.#entries.delete(sessionId);
      return false;
    }
    return true;
  }

  /** Taken before asking the database; `remember` wants it back. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * The database found this session live, expiring at `expiresAt`, when asked at `generation`:
   * not kept if a session ended since (the answer may predate it).
   */
  remember(generation: number, sessionId: string, userId: string, expiresAt: Date): void {
    if (generation !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest answer.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.delete(sessionId);
    const until = this.#now() + this.#ttlMs;
    this.#entries.set(sessionId, { userId, expiresAt: expiresAt.getTime(), until });
  }

  /** Every session of `userId` (a sign-out of all sessions, a password change). */
  forgetUser(userId: string): void {
    for (const [sessionId, entry] of this.#entries) {
      if (entry.userId === userId) this.#entries.delete(sessionId);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
