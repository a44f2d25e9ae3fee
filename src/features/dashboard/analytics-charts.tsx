/**
 * Issue 34's charts of one video, drawn as the dashboard draws its views (views-chart.tsx:
 * straight segments, never smoothed; chart.js in this lazy chunk only): views and watch time per
 * day, the audience retention curve over the video's tenths, likes and comments per day.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart as ChartView } from 'react-chartjs-2';
import { useTheme } from 'styled-components';
import type { VideoAnalytics } from '../../../contract/video-analytics';
import { formatDuration } from '../../format';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Filler,
  Tooltip,
  Legend,
);

function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function useAxes() {
  const { colors } = useTheme();
  const axis = { ticks: { color: colors.textMuted }, grid: { color: colors.border } };
  const x = {
    ...axis,
    ticks: { ...axis.ticks, maxTicksLimit: 8, maxRotation: 0, autoSkipPadding: 16 },
  };
  return { colors, axis, x };
}

export type AnalyticsChartKind = 'views' | 'retention' | 'engagement';

export default function AnalyticsChart({
  kind,
  data: figures,
}: {
  kind: AnalyticsChartKind;
  data: VideoAnalytics;
}) {
  const { colors, axis, x } = useAxes();
  const labels = figures.daily.map((d) => dayLabel(d.date));
  const base: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: { labels: { color: colors.text } } },
  };
  if (kind === 'retention') {
    const data: ChartData<'line'> = {
      labels: figures.retention.map((_, i) => formatDuration((figures.duration * i) / 10)),
      datasets: [
        {
          label: 'Viewers still watching (%)',
          data: figures.retention.map((share) => Math.round(share * 1000) / 10),
          borderColor: colors.accent,
          backgroundColor: 'rgba(174, 122, 255, 0.18)',
          fill: true,
          tension: 0,
          pointRadius: 3,
        },
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
  const data: ChartData<'bar' | 'line'> = {
    labels,
    datasets: views
      ? [
          {
            type: 'line',
            label: 'Views',
            data: figures.daily.map((d) => d.views),
            borderColor: colors.accent,
            backgroundColor: 'rgba(174, 122, 255, 0.18)',
            fill: true,
            tension: 0,
            pointRadius: 0,
            yAxisID: 'y',
          },
          {
            type: 'bar',
            label: 'Watch time (minutes)',
            data: figures.daily.map((d) => Math.round(d.watchSeconds / 6) / 10),
            backgroundColor: colors.success,
            borderRadius: 2,
            maxBarThickness: 14,
            yAxisID: 'y1',
          },
        ]
      : [
          {
            type: 'bar',
            label: 'Likes',
            data: figures.daily.map((d) => d.likes),
            backgroundColor: colors.accent,
            maxBarThickness: 14,
            yAxisID: 'y',
          },
          {
            type: 'bar',
            label: 'Comments',
            data: figures.daily.map((d) => d.comments),
            backgroundColor: colors.success,
            maxBarThickness: 14,
            yAxisID: 'y',
          },
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
          ...(views
            ? {
                y1: {
                  ...axis,
                  position: 'right' as const,
                  beginAtZero: true,
                  grid: { drawOnChartArea: false },
                },
              }
            : {}),
        },
      }}
      role="img"
      aria-label={views ? 'Views and watch time per day' : 'Likes and comments per day'}
    />
  );
}
