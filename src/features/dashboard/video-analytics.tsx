/**
 * One video's analytics (issue 34), at /Dashboard/Content/Videos/{id}/Analytics (the dashboard
 * row's "Analytics"): the period's views, watch time, average view duration, likes and comments,
 * then the charts (views and watch time per day, audience retention, likes and comments per
 * day) and the traffic sources, all in the viewer's time zone (machines/video-analytics.machine.ts).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { DASHBOARD_PERIODS } from '../../../contract/limits';
import type { VideoAnalytics, ViewSource } from '../../../contract/video-analytics';
import { periodLabel } from '../../../machines/dashboard-messages';
import {
  selectPeriod,
  selectViews,
  selectViewsError,
  videoAnalyticsMachine,
} from '../../../machines/video-analytics.machine';
import { usePageActors } from '../../actors';
import { videoAnalyticsActors } from '../../api/video-analytics';
import { formatDuration } from '../../format';
import { ListError } from '../../ui/list-states';
import { Skeleton } from '../../ui/skeleton';
import { CHART_HEIGHT, ChartBox, Head, Periods, Section, viewerTimeZone } from './views-section';

const AnalyticsChart = lazy(() => import('./analytics-charts'));

export const SOURCE_LABELS: Record<ViewSource, string> = {
  feed: 'Home feed',
  search: 'Search',
  upNext: 'Up next',
  channel: 'Channel page',
  shared: 'Shared link',
  elsewhere: 'Elsewhere',
};

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 12px;
  margin: 0;
  div {
    padding: 10px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: 4px 0 0;
    font-size: 1.3rem;
    font-weight: 700;
  }
`;

const Sources = styled.table`
  width: 100%;
  border-collapse: collapse;
  td,
  th {
    padding: 6px 4px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td:last-child,
  th:last-child {
    text-align: right;
  }
`;

const numbers = new Intl.NumberFormat('en-US');

function watchTime(seconds: number): string {
  const hours = seconds / 3600;
  return hours >= 1 ? `${hours.toFixed(1)} h` : `${Math.round(seconds / 60)} min`;
}

function Chart({
  kind,
  data,
}: {
  kind: 'views' | 'retention' | 'engagement';
  data: VideoAnalytics;
}) {
  return (
    <ChartBox>
      <Suspense fallback={<Skeleton $h={CHART_HEIGHT} />}>
        <AnalyticsChart kind={kind} data={data} />
      </Suspense>
    </ChartBox>
  );
}

function Loaded({ data }: { data: VideoAnalytics }) {
  const total = data.sources.reduce((n, s) => n + s.views, 0);
  return (
    <>
      <Figures aria-label="Totals">
        <div>
          <dt>Views</dt>
          <dd>{numbers.format(data.views)}</dd>
        </div>
        <div>
          <dt>Watch time</dt>
          <dd>{watchTime(data.watchSeconds)}</dd>
        </div>
        <div>
          <dt>Average view duration</dt>
          <dd>{formatDuration(data.averageViewSeconds)}</dd>
        </div>
        <div>
          <dt>Likes</dt>
          <dd>{numbers.format(data.likes)}</dd>
        </div>
        <div>
          <dt>Comments</dt>
          <dd>{numbers.format(data.comments)}</dd>
        </div>
      </Figures>
      <h3>Views and watch time</h3>
      <Chart kind="views" data={data} />
      <h3>Audience retention</h3>
      {data.retention.length > 0 ? (
        <>
          <p>
            {numbers.format(data.retentionViewers)}{' '}
            {data.retentionViewers === 1 ? 'viewer' : 'viewers'} since upload, by the furthest point
            each reached
          </p>
          <Chart kind="retention" data={data} />
        </>
      ) : (
        <p>Nobody has played this video yet.</p>
      )}
      <h3>Likes and comments</h3>
      <Chart kind="engagement" data={data} />
      <h3>Traffic sources</h3>
      <Sources>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {data.sources.map((s) => (
            <tr key={s.source}>
              <td>{SOURCE_LABELS[s.source]}</td>
              <td>
                {numbers.format(s.views)}
                {total > 0 && ` (${Math.round((s.views / total) * 100)}%)`}
              </td>
            </tr>
          ))}
        </tbody>
      </Sources>
    </>
  );
}

export function VideoAnalyticsPanel({ videoId }: { videoId: string }) {
  const actors = usePageActors(videoAnalyticsActors);
  const analytics = useActorRef(videoAnalyticsMachine.provide({ actors }), {
    input: { videoId, timeZone: viewerTimeZone() },
  });
  const period = useSelector(analytics, selectPeriod);
  const data = useSelector(analytics, selectViews);
  const error = useSelector(analytics, selectViewsError);
  return (
    <Section aria-labelledby="video-analytics">
      <Head>
        <div>
          <h2 id="video-analytics">{data ? data.title : 'Video analytics'}</h2>
          {data && (
            <p>
              Analytics · {data.from} to {data.to}
            </p>
          )}
        </div>
        <Periods role="group" aria-label="Period">
          {DASHBOARD_PERIODS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={days === period}
              onClick={() => days !== period && analytics.send({ type: 'SELECT_PERIOD', days })}
            >
              {periodLabel(days)}
            </button>
          ))}
        </Periods>
      </Head>
      {error !== null ? (
        <ListError text={error} onRetry={() => analytics.send({ type: 'RETRY' })} />
      ) : data ? (
        <Loaded data={data} />
      ) : (
        <ChartBox aria-busy="true">
          <Skeleton $h={CHART_HEIGHT} />
        </ChartBox>
      )}
    </Section>
  );
}
