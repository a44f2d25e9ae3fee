/**
 * The analytics grid (spec §2 Dashboard): the caller's channel totals from channelStatsMachine.
 * Figures are exact, with digit grouping, so a creator can compare them with what they count
 * themselves (the K/M abbreviation of spec §3 is for video cards).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { DashboardStats } from '../../../contract/dashboard';
import {
  channelStatsMachine,
  selectStats,
  selectStatsError,
} from '../../../machines/channel-stats.machine';
import { DASHBOARD_STATS_MESSAGES as T } from '../../../machines/dashboard-messages';
import { usePageActors } from '../../actors';
import { dashboardStatsActors } from '../../api/dashboard';
import { ListError } from '../../ui/list-states';
import { Skeleton } from '../../ui/skeleton';

/** The grid's cells in order: label and how to read it from the stats. */
const CELLS: ReadonlyArray<readonly [string, (s: DashboardStats) => number]> = [
  [T.totalViews, (s) => s.totalViews],
  [T.totalVideos, (s) => s.totalVideos],
  [T.subscribers, (s) => s.subscribersCount],
  [T.videoLikes, (s) => s.totalVideosLikes],
  [T.tweetAndCommentLikes, (s) => s.totalTweetsLikes + s.totalCommentsLikes],
  [T.playlists, (s) => s.playlistsCount],
  [T.tweets, (s) => s.tweetsCount],
];

const numberFormat = new Intl.NumberFormat('en-US');

// Seven cells: Total views spans two columns so the rows fill evenly (2 columns on phones, 4 on
// wider screens) instead of leaving one cell alone on the last row.
const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 12px;
  margin: 0 0 24px;
  > :first-child {
    grid-column: span 2;
  }
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Cell = styled.div`
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: 6px 0 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** `version`: each new value means the creator's content changed; the totals are read again. */
export function StatsGrid({ version = 0 }: { version?: number }) {
  const { fetchStats } = usePageActors(dashboardStatsActors);
  const stats = useActorRef(channelStatsMachine.provide({ actors: { fetchStats } }));
  // Sending is a side effect: it runs after the commit, once per new version (not on mount).
  const readAt = useRef(version);
  useEffect(() => {
    if (readAt.current === version) return;
    readAt.current = version;
    stats.send({ type: 'REFRESH' });
  }, [stats, version]);
  const figures = useSelector(stats, selectStats);
  const error = useSelector(stats, selectStatsError);

  if (error !== null)
    return <ListError text={error} onRetry={() => stats.send({ type: 'RETRY' })} />;
  return (
    <Grid aria-label="Channel stats" aria-busy={figures === null}>
      {CELLS.map(([label, read]) => (
        <Cell key={label}>
          <dt>{label}</dt>
          <dd>{figures ? numberFormat.format(read(figures)) : <Skeleton $h="24px" $w="60%" />}</dd>
        </Cell>
      ))}
    </Grid>
  );
}
