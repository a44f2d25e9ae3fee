/**
 * "Views over time" (issue 9): the period selector, the chart of views and new subscribers per
 * day, and the period's top videos, from channelViewsMachine. The days are the viewer's own:
 * the browser's time zone goes with the call. The chart is a lazy chunk (chart.js is large and
 * only the dashboard needs it); a placeholder of the same height holds its place meanwhile.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { DASHBOARD_PERIODS } from '../../../contract/limits';
import {
  channelViewsMachine,
  selectPeriod,
  selectViews,
  selectViewsError,
} from '../../../machines/channel-views.machine';
import { DASHBOARD_STATS_MESSAGES as T, periodLabel } from '../../../machines/dashboard-messages';
import { usePageActors } from '../../actors';
import { dashboardStatsActors } from '../../api/dashboard';
import { Skeleton } from '../../ui/skeleton';
import { ListError } from '../../ui/list-states';
import { TopVideos } from './top-videos';

const ViewsChart = lazy(() => import('./views-chart'));

export const CHART_HEIGHT = '260px';

export const Section = styled.section`
  display: grid;
  gap: 16px;
  margin-bottom: 24px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  h2,
  h3 {
    margin: 0;
  }
`;

export const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
  p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

// At 390 px three full-size buttons wrapped their words; they stay one line each and the group
// wraps as a whole if a font is ever wider.
export const Periods = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  button {
    padding: 6px 10px;
    font-size: ${({ theme }) => theme.font.size.sm};
    white-space: nowrap;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.round};
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.accent};
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.accentText};
  }
`;

export const ChartBox = styled.div`
  position: relative;
  height: ${CHART_HEIGHT};
  min-width: 0;
`;

const numberFormat = new Intl.NumberFormat('en-US');

/** The viewer's IANA time zone; 'UTC' when the browser does not say. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function ViewsSection() {
  const { fetchViews } = usePageActors(dashboardStatsActors);
  const views = useActorRef(channelViewsMachine.provide({ actors: { fetchViews } }), {
    input: { timeZone: viewerTimeZone() },
  });
  const period = useSelector(views, selectPeriod);
  const figures = useSelector(views, selectViews);
  const error = useSelector(views, selectViewsError);

  return (
    <Section aria-labelledby="views-over-time">
      <Head>
        <div>
          <h2 id="views-over-time">{T.viewsOverTime}</h2>
          {figures && (
            <p>
              {numberFormat.format(figures.totalViews)} views ·{' '}
              {numberFormat.format(figures.newSubscribers)} new subscribers
            </p>
          )}
        </div>
        <Periods role="group" aria-label="Period">
          {DASHBOARD_PERIODS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={days === period}
              onClick={() => days !== period && views.send({ type: 'SELECT_PERIOD', days })}
            >
              {periodLabel(days)}
            </button>
          ))}
        </Periods>
      </Head>
      {error !== null ? (
        <ListError text={error} onRetry={() => views.send({ type: 'RETRY' })} />
      ) : figures ? (
        <>
          <ChartBox>
            <Suspense fallback={<Skeleton $h={CHART_HEIGHT} />}>
              <ViewsChart daily={figures.daily} />
            </Suspense>
          </ChartBox>
          <h3>{T.topVideos}</h3>
          <TopVideos videos={figures.topVideos} />
        </>
      ) : (
        <ChartBox aria-busy="true">
          <Skeleton $h={CHART_HEIGHT} />
        </ChartBox>
      )}
    </Section>
  );
}
