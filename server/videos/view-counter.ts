/**
 * Counted views, written outside the request. A watch that counts (once per viewer, video and
 * hour; video-watch.ts decides) is queued here in memory, and every `intervalMs` the queue is
 * applied in one statement (in steps on the embedded database): the video_views marks (whose
 * triggers feed the dashboard's hourly and daily tables with each view's own time), the
 * `videos.views` increments and the viewers' tag interests. Requests therefore never wait on the
 * row locks of a popular video, channel hour or tag, and a second of views costs one round trip
 * instead of five per view.
 *
 * Durability: `close()` (the app's onClose, so a clean shutdown or a test's close) applies what is
 * queued before the database closes. A crash or kill -9 loses the views queued since the last flush:
 * at most `intervalMs` (1 s by default) of counted views and tag interests. Watch history is not
 * queued (the request writes it), so the history page is never behind.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { tagInterestUpsert } from './tag-scores.js';
import type { ViewSource } from '../../contract/video-analytics.js'; // issue 34: sources
import { viewSourcesUpsert } from '../db/video-stat-sources.js'; // issue 34: sources

/** A view that counts, stamped with the database's time of the watch. */
export interface CountedView {
  userId: string;
  videoId: string;
  at: Date;
  /** Where the watch came from (issue 34: sources); written only as per-hour counters. */
  source?: ViewSource;
}

export interface ViewCounterOptions {
  intervalMs: number;
  /** Views per statement; default: all of a flush in one. */
  viewsPerStatement?: number;
  /** Failed flushes are retried with the next one; this reports them. */
  onError: (error: unknown) => void;
}

/**
 * On the embedded database a flush writes its views in statements of this many, one after
 * another: it runs one statement at a time, so a second's views in one statement (≈ 1 500 at
 * load, 0.2–0.3 s) held every request behind it (watch p99 330–350 ms; in steps 86–93 ms). A
 * PostgreSQL server runs requests beside the flush, and there the steps' extra statements cost
 * the watch 10 % of its throughput, so it writes a flush in one. On a quiet machine (issue 35's
 * mixed load, 2026-12-01) 250 views took 42 ms and 100 took 22: every request behind one waited
 * that long.
 */
export const EMBEDDED_VIEWS_PER_STATEMENT = 50;

const keyOf = (userId: string, videoId: string) => `${userId}\u0000${videoId}`;

/** Views keyed by viewer and video (one each: the hour window dedupes), counted per video. */
class Batch {
  readonly views = new Map<string, CountedView>();
  private readonly perVideo = new Map<string, number>();

  has(key: string): boolean {
    return this.views.has(key);
  }

  /** Keeps the first view of a viewer and video. */
  add(key: string, view: CountedView): void {
    if (this.views.has(key)) return;
    this.views.set(key, view);
    this.perVideo.set(view.videoId, (this.perVideo.get(view.videoId) ?? 0) + 1);
  }

  /** Forgets a view once it is written (its video's views then hold it). */
  remove(key: string): void {
    const view = this.views.get(key);
    if (!view) return;
    this.views.delete(key);
    this.perVideo.set(view.videoId, this.viewsOf(view.videoId) - 1);
  }

  viewsOf(videoId: string): number {
    return this.perVideo.get(videoId) ?? 0;
  }
}

export class ViewCounter {
  /** Views waiting for the next flush. */
  private queued = new Batch();
  /** Views of the flush under way: still counted in `pendingViews` until it commits. */
  private inFlight = new Batch();
  private running: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly options: ViewCounterOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), options.intervalMs);
    // The timer alone must not keep a process (the seed CLI, a test) alive.
    this.timer.unref();
  }

  /** True when this viewer's view of the video is queued or being written. */
  has(userId: string, videoId: string): boolean {
    const key = keyOf(userId, videoId);
    return this.queued.has(key) || this.inFlight.has(key);
  }

  add(view: CountedView): void {
    const key = keyOf(view.userId, view.videoId);
    if (!this.inFlight.has(key)) this.queued.add(key, view);
  }

  /** Views of `videoId` counted but not yet in `videos.views`, for answers that show the count. */
  pendingViews(videoId: string): number {
    return this.queued.viewsOf(videoId) + this.inFlight.viewsOf(videoId);
  }

  /** Writes everything queued so far; flushes run one after another, never side by side. */
  flush(): Promise<void> {
    this.running = this.running.then(() => this.writeQueued());
    return this.running;
  }

  /** Stops the timer and writes what is queued (before the database closes). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeQueued(): Promise<void> {
    if (this.queued.views.size === 0) return;
    this.inFlight = this.queued;
    this.queued = new Batch();
    const entries = [...this.inFlight.views];
    const step = this.options.viewsPerStatement ?? entries.length;
    let written = 0;
    try {
      for (; written < entries.length; written += step) {
        const part = entries.slice(written, written + step);
        await this.db.execute(applyViews(part.map(([, view]) => view)));
        // Answers add the pending views to `videos.views`, which now holds these.
        for (const [key] of part) this.inFlight.remove(key);
      }
    } catch (error) {
      // The unwritten rest is kept for the next flush (a video deleted meanwhile is skipped by the
      // statement itself); steps already committed stay written.
      for (const [key, view] of entries.slice(written)) this.queued.add(key, view);
      this.options.onError(error);
    } finally {
      this.inFlight = new Batch();
    }
  }
}

/**
 * One statement for a batch. The video_views upsert re-checks the hour window (another replica
 * may have counted the same viewer meanwhile), and only the rows it wrote count: they bump
 * `videos.views` per video and feed the tag interests. Rows go in key order so that concurrent
 * writers lock them in the same order. Videos deleted since the watch drop out by the join.
 */
function applyViews(views: CountedView[]) {
  // One JSON parameter: both drivers pass it alike, whatever the batch size.
  const rows = JSON.stringify(
    views.map((v) => ({
      user_id: v.userId,
      video_id: v.videoId,
      at: v.at.toISOString(),
      source: v.source ?? 'elsewhere', // issue 34: sources
    })),
  );
  return sql`
    with input as (
      select r.user_id, r.video_id, r.at, r.source
      from jsonb_to_recordset(${rows}::jsonb)
        as r(user_id text, video_id text, at timestamptz, source text)
      join videos v on v.id = r.video_id
      join users u on u.id = r.user_id
    ),
    counted as (
      insert into video_views as vv (user_id, video_id, counted_at)
      select user_id, video_id, at from input order by user_id, video_id
      on conflict (user_id, video_id) do update set counted_at = excluded.counted_at
      where vv.counted_at <= excluded.counted_at - interval '1 hour'
      returning vv.user_id, vv.video_id, vv.counted_at
    ),
    bumped as (
      update videos v set views = v.views + c.n
      from (select video_id, count(*)::int as n from counted group by video_id) c
      where v.id = c.video_id
      returning v.id
    ),
    interests as (
      ${tagInterestUpsert(sql`
        select c.user_id, t.tag, c.counted_at as at
        from counted c join videos v on v.id = c.video_id
        cross join lateral (select distinct unnest(v.tags) as tag) t`)}
      returning 1
    ),
    ${viewSourcesUpsert()}
    select (select count(*) from bumped) as videos, (select count(*) from interests) as tags`;
}
