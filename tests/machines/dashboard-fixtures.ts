/** Dashboard answers shared by the stats and views models and the dashboard view tests. */
import type { DashboardStats, DashboardViews } from '../../contract/dashboard.js';

export const aStats: DashboardStats = {
  id: 'u_leo',
  totalViews: 12_480,
  totalVideos: 14,
  subscribersCount: 321,
  playlistsCount: 3,
  tweetsCount: 9,
  totalVideosLikes: 870,
  totalTweetsLikes: 41,
  totalCommentsLikes: 12,
};

/** A period's answer: one row per day (a view on each), top videos with falling views. */
export function aViews(days: 7 | 28 | 90, timeZone = 'Europe/Berlin'): DashboardViews {
  const daily = Array.from({ length: days }, (_, i) => ({
    date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    views: i + 1,
    subscribers: i % 2,
  }));
  return {
    days,
    timeZone,
    from: daily[0]!.date,
    to: daily.at(-1)!.date,
    totalViews: daily.reduce((sum, d) => sum + d.views, 0),
    newSubscribers: daily.reduce((sum, d) => sum + d.subscribers, 0),
    daily,
    topVideos: Array.from({ length: 5 }, (_, i) => ({
      _id: `v${i + 1}`,
      title: `Top ${i + 1} of ${days} days`,
      thumbnail: `/media/thumbnails/v${i + 1}.webp`,
      isPublished: i !== 4,
      views: (5 - i) * days,
    })),
  };
}

export { httpError } from './watch.model.js';
