/** The shape of the demo's view history: growth over the window, weekends busiest, nothing lost. */
import { describe, expect, it } from 'vitest';
import { HISTORY_DAYS, buildViewHistory } from '../../server/seed/demo-view-history.js';
import { createRng } from '../../server/seed/random.js';

const DAY = 86_400_000;
const now = new Date('2026-11-23T09:45:00Z');
const videos = Array.from({ length: 20 }, (_, i) => ({
  id: `v${i}`,
  createdAt: new Date(now.getTime() - (200 + i) * DAY),
  views: 20_000,
}));

describe('demo view history', () => {
  const batches = buildViewHistory(createRng(7), now, videos);
  const perDay = new Map<number, number>();
  for (const b of batches) {
    const day = Math.floor(b.at.getTime() / DAY);
    perDay.set(day, (perDay.get(day) ?? 0) + b.count);
  }
  const today = Math.floor(now.getTime() / DAY);
  const sum = (from: number, to: number) => {
    let n = 0;
    for (let d = from; d <= to; d++) n += perDay.get(d) ?? 0;
    return n;
  };

  it('places views only inside the window, before now and after each video was made', () => {
    for (const b of batches) {
      expect(b.count).toBeGreaterThan(0);
      expect(b.at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(Math.floor(b.at.getTime() / DAY)).toBeGreaterThan(today - HISTORY_DAYS);
    }
    // A 200-day-old video keeps about sqrt(90/200) of its views in the window.
    const placed = batches.filter((b) => b.videoId === 'v0').reduce((n, b) => n + b.count, 0);
    expect(placed).toBe(Math.round(20_000 * Math.sqrt(90 / 200)));
  });

  it('grows: the last 30 days hold more views than the first 30', () => {
    const first = sum(today - 89, today - 60);
    const last = sum(today - 30, today - 1);
    expect(last).toBeGreaterThan(first * 1.4);
  });

  it('has a weekly rhythm: weekend days above weekdays on average', () => {
    let weekend = 0;
    let weekendDays = 0;
    let weekday = 0;
    let weekdayDays = 0;
    for (let d = today - 89; d < today; d++) {
      const dow = new Date(d * DAY).getUTCDay();
      if (dow === 0 || dow === 6) {
        weekend += perDay.get(d) ?? 0;
        weekendDays++;
      } else if (dow !== 5) {
        weekday += perDay.get(d) ?? 0;
        weekdayDays++;
      }
    }
    expect(weekend / weekendDays).toBeGreaterThan((weekday / weekdayDays) * 1.15);
  });
});
