/**
 * When the demo videos' views happened, so that the dashboard's chart has a shape on first start:
 * the views of the last 90 days spread over those days with a channel that grows (about twice the
 * daily views at the end as at the start), a weekly rhythm (weekends busiest) and a launch spike
 * for each new video. Pure: the clock and randomness are passed in.
 *
 * Only the views the plan does not already give a viewer and a time (the synthetic part of each
 * counter; video_views rows are recorded by their trigger) are spread here. A video older than the
 * window keeps part of its views before it, as a real channel's back catalogue does; those need
 * no time, as no chart reaches them.
 */
import type { Rng } from './random.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const HISTORY_DAYS = 90;
/** Time slots a day's views of one video are split over (keeps the seed's row count small). */
const SLOTS_PER_DAY = 3;

export interface HistoryVideo {
  id: string;
  createdAt: Date;
  /** Views to place: the counter minus the views that already have a time. */
  views: number;
}

export interface ViewBatch {
  videoId: string;
  at: Date;
  count: number;
}

/** Relative traffic of a day: growth over the window, weekends up, and a little noise. */
function dayWeight(rng: Rng, dayStart: Date, index: number): number {
  const growth = 0.6 + 0.7 * (index / (HISTORY_DAYS - 1));
  const weekday = dayStart.getUTCDay();
  const weekly = weekday === 0 || weekday === 6 ? 1.35 : weekday === 5 ? 1.1 : 1;
  return growth * weekly * (0.85 + 0.3 * rng.next());
}

export function buildViewHistory(rng: Rng, now: Date, videos: HistoryVideo[]): ViewBatch[] {
  const today = Math.floor(now.getTime() / DAY);
  const firstDay = today - HISTORY_DAYS + 1;
  const channelWeights = Array.from({ length: HISTORY_DAYS }, (_, i) =>
    dayWeight(rng, new Date((firstDay + i) * DAY), i),
  );
  const batches: ViewBatch[] = [];
  for (const video of videos) {
    const ageDays = Math.max(1, (now.getTime() - video.createdAt.getTime()) / DAY);
    // The share of a video's lifetime views that fall in the window shrinks with its age.
    const inWindow = Math.round(video.views * Math.min(1, Math.sqrt(HISTORY_DAYS / ageDays)));
    if (inWindow <= 0) continue;
    const days: { start: number; end: number; weight: number }[] = [];
    for (let i = 0; i < HISTORY_DAYS; i++) {
      const start = Math.max((firstDay + i) * DAY, video.createdAt.getTime());
      const end = Math.min((firstDay + i + 1) * DAY, now.getTime());
      if (end <= start) continue;
      const sinceLaunch = (start - video.createdAt.getTime()) / DAY;
      const launch = 1 + 3 * Math.exp(-sinceLaunch / 5);
      // A day only partly open (launch day, today) gets its share of the day.
      days.push({ start, end, weight: channelWeights[i]! * launch * ((end - start) / DAY) });
    }
    const total = days.reduce((n, d) => n + d.weight, 0);
    let left = inWindow;
    days.forEach((day, i) => {
      const count = i === days.length - 1 ? left : Math.round((inWindow * day.weight) / total);
      const n = Math.min(left, count);
      left -= n;
      let rest = n;
      for (let slot = 0; slot < SLOTS_PER_DAY && rest > 0; slot++) {
        const share = slot === SLOTS_PER_DAY - 1 ? rest : Math.round(rest * rng.next());
        if (share <= 0) continue;
        rest -= share;
        const at = new Date(day.start + rng.next() * (day.end - day.start));
        batches.push({ videoId: video.id, at, count: share });
      }
    });
  }
  return batches;
}
