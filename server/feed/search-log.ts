/**
 * The searches that found something, for suggestions while typing (issue 31; docs/decisions.md,
 * "What searches are remembered"). `GET /videos` notes a search's normalised text when its first
 * page held a published video (feed-answer.http.ts); the notes wait here in memory and every
 * `intervalMs` one statement adds them to `search_queries`, so the search itself never waits on
 * this write. The statement keeps only texts whose every word is found together in one published
 * video, and names that video (suggestions.ts offers the text only while it stays published; a
 * stored text keeps its video while that still holds it, published, and is looked up again
 * after): a search finds any of its words, so "bread my-phone-number" finds bread videos, and
 * that text must never be offered to others. No user id, no address: nothing says who searched.
 *
 * Bounded: a text is forgotten 90 days after its last search, and past SEARCH_LOG_MAX_ROWS the
 * least searched go first (pruned at most once an hour per process). A crash loses the notes of
 * the last interval, which only delays a count.
 */
import { sql } from 'drizzle-orm';
import { SUGGEST_TEXT_MAX } from '../../contract/search.js';
import type { Db } from '../db/client.js';

/** Searches of a text before it is suggested to others. */
export const SEARCH_LOG_MIN_COUNT = 2;
/** Most texts kept; the least searched are pruned past it. */
export const SEARCH_LOG_MAX_ROWS = 10_000;
/** Days a text is kept after its last search. */
export const SEARCH_LOG_RETENTION_DAYS = 90;
/** How often the notes are written. */
export const SEARCH_LOG_FLUSH_MS = 5_000;
const PRUNE_EVERY_MS = 3600_000;

/** The stored form of a searched text: trimmed, single spaces, lower case. */
export function normaliseQuery(text: string): string {
  return text.trim().replace(/\s+/gu, ' ').toLowerCase();
}

export interface SearchLogOptions {
  intervalMs?: number;
  maxRows?: number;
  /** Failed writes are dropped (a count is not worth a retry queue); this reports them. */
  onError: (error: unknown) => void;
}

export class SearchLog {
  private queued = new Map<string, number>();
  private running: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private readonly maxRows: number;
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly options: SearchLogOptions,
  ) {
    this.maxRows = options.maxRows ?? SEARCH_LOG_MAX_ROWS;
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? SEARCH_LOG_FLUSH_MS);
    // The timer alone must not keep a process (the seed CLI, a test) alive.
    this.timer.unref();
  }

  /** Notes one search of `text` that found a published video. */
  record(text: string): void {
    const normalised = normaliseQuery(text);
    if (normalised === '' || normalised.length > SUGGEST_TEXT_MAX) return;
    this.queued.set(normalised, (this.queued.get(normalised) ?? 0) + 1);
  }

  /** Writes what is noted (and prunes when due); resolves when written, never rejects. */
  flush(): Promise<void> {
    this.running = this.running.then(() => this.write());
    return this.running;
  }

  /** Stops the timer and writes what is noted (the app's onClose). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    const batch = this.queued;
    if (batch.size === 0) return;
    this.queued = new Map();
    try {
      await this.db.transaction(async (tx) => {
        // The planner cannot see how many videos a noted text's words match (the text is a
        // value of the batch), guessed few and spread evenly, and scanned the catalogue for one:
        // 3.9 s for four texts at 1 000 000 videos, every flush, beside the searches. Through
        // the search index six texts took 55 ms, 11–16 ms once stored (docs/bench.md, issue 31).
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`
          insert into search_queries (text, count, video_id, last_searched_at)
          select noted.key, noted.value::int, holder.id, now()
            from jsonb_each_text(${JSON.stringify(Object.fromEntries(batch))}::jsonb) as noted
            cross join lateral (select coalesce(
              -- A text already stored keeps its video while that still holds it, published.
              (select q.video_id from search_queries as q
                join videos as v on v.id = q.video_id and v.is_published
                  and v.search_vector @@ plainto_tsquery('english', noted.key)
                where q.text = noted.key),
              (select id from videos
                where is_published and search_vector @@ plainto_tsquery('english', noted.key)
                limit 1)) as id) as holder
            where holder.id is not null
          on conflict (text) do update
            set count = search_queries.count + excluded.count,
                video_id = excluded.video_id,
                last_searched_at = excluded.last_searched_at`);
      });
      if (Date.now() - this.prunedAt >= PRUNE_EVERY_MS) await this.prune();
    } catch (error) {
      this.options.onError(error);
    }
  }

  /** Forgets old texts, then the least searched past the size bound. */
  async prune(): Promise<void> {
    this.prunedAt = Date.now();
    await this.db.execute(sql`
      delete from search_queries
        where last_searched_at < now() - make_interval(days => ${SEARCH_LOG_RETENTION_DAYS})`);
    await this.db.execute(sql`
      delete from search_queries where text in (
        select text from search_queries
          order by count desc, last_searched_at desc offset ${this.maxRows})`);
  }
}
