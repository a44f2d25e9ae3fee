/**
 * Issue 34's charts of one video, drawn as the dashboard draws its views (chart-kit.ts, shared
 * with views-chart.tsx; chart.js in this lazy chunk only): views and watch time per day, the
 * audience retention curve over the video's tenths, likes and comments per day.
 */
import type { ChartData, ChartOptions } from 'chart.js';
import { Chart as ChartView } from 'react-chartjs-2';
import type { VideoAnalytics } from '../../../contract/video-analytics';
import { formatDuration } from '../../format';
import { countBars, countLine, dayLabel, useChartStyle } from './chart-kit';

export type AnalyticsChartKind = 'views' | 'retention' | 'engagement';

export default function AnalyticsChart({
  kind,
  data: figures,
}: {
  kind: AnalyticsChartKind;
  data: VideoAnalytics;
}) {
  const { colors, axis, x, right, base } = useChartStyle();
  if (kind === 'retention') {
    const data: ChartData<'line'> = {
      labels: figures.retention.map((_, i) => formatDuration((figures.duration * i) / 10)),
      datasets: [
        countLine(
          colors,
          'Viewers still watching (%)',
          figures.retention.map((share) => Math.round(share * 1000) / 10),
          { pointRadius: 3 },
        ),
      ],
    };
    return (
      <ChartView
        type="line"
        data={data}
        options={{
          ...(base as ChartOptions<'line'>),
          scales: {
            x,
            y: { ...axis, min: 0, max: 100, ticks: { ...axis.ticks, callback: (v) => `${v}%` } },
          },
        }}
        role="img"
        aria-label="Audience retention: share of viewers still watching at each tenth of the video"
        data-testid="retention-chart"
      />
    );
  }
  const views = kind === 'views';
  const daily = (pick: (d: VideoAnalytics['daily'][number]) => number) => figures.daily.map(pick);
  const data: ChartData<'bar' | 'line'> = {
    labels: figures.daily.map((d) => dayLabel(d.date)),
    datasets: views
      ? [
          countLine(
            colors,
            'Views',
            daily((d) => d.views),
            { yAxisID: 'y' },
          ),
          countBars(
            colors.success,
            'Watch time (minutes)',
            daily((d) => Math.round(d.watchSeconds / 6) / 10),
            { borderRadius: 2, yAxisID: 'y1' },
          ),
        ]
      : [
          countBars(
            colors.accent,
            'Likes',
            daily((d) => d.likes),
            { yAxisID: 'y' },
          ),
          countBars(
            colors.success,
            'Comments',
            daily((d) => d.comments),
            { yAxisID: 'y' },
          ),
        ],
  };
  return (
    <ChartView
      type="bar"
      data={data}
      options={{
        ...base,
        scales: {
          x,
          y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } },
          ...(views ? { y1: right } : {}),
        },
      }}
      role="img"
      aria-label={views ? 'Views and watch time per day' : 'Likes and comments per day'}
    />
  );
}
