/**
 * The content tabs of /Dashboard/Content (spec §2 Dashboard): videos (the default, no path),
 * playlists (path Playlists, as the spec names it) and tweets (path Tweets, our choice in the
 * same style), and comments (path Comments, issue 33: the review queue, held words and blocked
 * users). The URL is the tab, so reload and back work; paths match in any case, as routes do.
 */
export type DashboardTab = 'videos' | 'playlists' | 'tweets' | 'comments';

export const DASHBOARD_CONTENT_PATH = '/Dashboard/Content';

export const DASHBOARD_TABS: readonly { tab: DashboardTab; label: string; href: string }[] = [
  { tab: 'videos', label: 'Videos', href: DASHBOARD_CONTENT_PATH },
  { tab: 'playlists', label: 'Playlists', href: `${DASHBOARD_CONTENT_PATH}/Playlists` },
  { tab: 'tweets', label: 'Tweets', href: `${DASHBOARD_CONTENT_PATH}/Tweets` },
  { tab: 'comments', label: 'Comments', href: `${DASHBOARD_CONTENT_PATH}/Comments` },
];

export const hrefOfTab = (tab: DashboardTab) =>
  DASHBOARD_TABS.find((t) => t.tab === tab)?.href ?? DASHBOARD_CONTENT_PATH;

/** The tab a path segment names: none is the videos tab; an unknown one is null. */
export function tabOfSegment(segment: string | undefined): DashboardTab | null {
  if (!segment) return 'videos';
  const wanted = `${DASHBOARD_CONTENT_PATH}/${segment}`.toLowerCase();
  return DASHBOARD_TABS.find((t) => t.href.toLowerCase() === wanted)?.tab ?? null;
}
