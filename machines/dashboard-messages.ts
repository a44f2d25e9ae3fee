/**
 * Dashboard stats: the analytics grid and the views chart (spec §2 Dashboard, §8). Kept apart
 * from messages.ts, which the first page's chunk carries, so that `/` does not grow.
 */
export const DASHBOARD_STATS_MESSAGES = {
  // Spec §8, verbatim: the grid's failure text when the server gives no message.
  statsFailed: 'Failed to fetch channel stats',
  // Not in the spec: the chart's own failure text and the grid's labels.
  viewsFailed: 'Failed to fetch channel views',
  totalViews: 'Total views',
  totalVideos: 'Videos',
  subscribers: 'Subscribers',
  videoLikes: 'Likes on videos',
  tweetAndCommentLikes: 'Likes on tweets and comments',
  playlists: 'Playlists',
  tweets: 'Tweets',
  viewsOverTime: 'Views over time',
  topVideos: 'Top videos',
  noTopVideos: 'No views in this period yet',
} as const;

/** The period selector's option text: 'Last 7 days'. */
export function periodLabel(days: number): string {
  return `Last ${days} days`;
}
