/**
 * What the dashboard's charts share (views-chart.tsx for the channel, analytics-charts.tsx for one
 * video): the chart.js pieces they draw with (registered here once; only these reach the lazy
 * chunk), day labels, the themed axes and options, and the daily series. Daily counts are lines of
 * straight segments, never smoothed: a curve through whole numbers drew two subscribers on one
 * day as a three-day hill (issue 22).
 *
 * Charts grow into place, except for a viewer whose system asks for reduced motion
 * (`prefers-reduced-motion`, read by framer-motion's useReducedMotion as the app's MotionConfig
 * does): then chart.js draws each chart complete at once.
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
  type ChartDataset,
  type ChartOptions,
} from 'chart.js';
import { useReducedMotion } from 'framer-motion';
import { useTheme, type DefaultTheme } from 'styled-components';

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

/** '2026-01-05' → 'Jan 5': the day as written, whatever the browser's own zone. */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const FILL = 'rgba(174, 122, 255, 0.18)';

/** The theme's axes and the options every dashboard chart starts from. */
export function useChartStyle() {
  const { colors } = useTheme();
  const reduced = useReducedMotion() ?? false;
  const axis = { ticks: { color: colors.textMuted }, grid: { color: colors.border } };
  // Dates never overlap on a phone: chart.js skips labels that would come closer than this.
  const x = {
    ...axis,
    ticks: { ...axis.ticks, maxTicksLimit: 8, maxRotation: 0, autoSkipPadding: 16 },
  };
  /** A second count's axis, on the right, without its own grid lines. */
  const right = {
    ...axis,
    position: 'right' as const,
    beginAtZero: true,
    grid: { drawOnChartArea: false },
  };
  const base: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: { labels: { color: colors.text } } },
    ...(reduced ? { animation: false as const } : {}),
  };
  return { colors, axis, x, right, base };
}

type Colors = DefaultTheme['colors'];

/** A count per day (or per point) as a filled line of straight segments. */
export function countLine(
  colors: Colors,
  label: string,
  data: number[],
  more: Partial<ChartDataset<'line'>> = {},
): ChartDataset<'line'> {
  return {
    type: 'line',
    label,
    data,
    borderColor: colors.accent,
    backgroundColor: FILL,
    fill: true,
    tension: 0,
    pointRadius: 0,
    ...more,
  };
}

/** A count per day as bars. */
export function countBars(
  color: string,
  label: string,
  data: number[],
  more: Partial<ChartDataset<'bar'>> = {},
): ChartDataset<'bar'> {
  return { type: 'bar', label, data, backgroundColor: color, maxBarThickness: 14, ...more };
}
