/**
 * The views-over-time chart: counted views per day as a line of straight segments, new
 * subscribers per day as bars, each on its own axis (views run in the hundreds, subscribers in
 * ones). Whole-number daily counts are never smoothed: a curve through them drew two subscribers
 * on one day as a three-day hill (issue 22). Loaded with React.lazy from the
 * dashboard only, so chart.js never reaches the other pages; only the pieces drawn here are
 * registered, which lets the bundler drop the rest of chart.js.
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
import type { DashboardDay } from '../../../contract/dashboard';

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

export interface ViewsChartProps {
  daily: DashboardDay[];
}

/** '2026-01-05' → 'Jan 5': the day as written, whatever the browser's own zone. */
function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export default function ViewsChart({ daily }: ViewsChartProps) {
  const { colors } = useTheme();
  const data: ChartData<'bar' | 'line'> = {
    labels: daily.map((d) => dayLabel(d.date)),
    datasets: [
      {
        type: 'line',
        label: 'Views',
        data: daily.map((d) => d.views),
        borderColor: colors.accent,
        backgroundColor: 'rgba(174, 122, 255, 0.18)',
        fill: true,
        tension: 0,
        pointRadius: 0,
        yAxisID: 'y',
        order: 1,
      },
      {
        type: 'bar',
        label: 'New subscribers',
        data: daily.map((d) => d.subscribers),
        backgroundColor: colors.success,
        borderRadius: 2,
        maxBarThickness: 14,
        yAxisID: 'y1',
        order: 2,
      },
    ],
  };
  const axis = { ticks: { color: colors.textMuted }, grid: { color: colors.border } };
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: { labels: { color: colors.text } } },
    scales: {
      // Dates never overlap on a phone: chart.js skips labels that would come closer than this.
      x: {
        ...axis,
        ticks: { ...axis.ticks, maxTicksLimit: 8, maxRotation: 0, autoSkipPadding: 16 },
      },
      y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } },
      y1: {
        ...axis,
        position: 'right',
        beginAtZero: true,
        grid: { drawOnChartArea: false },
        ticks: { ...axis.ticks, precision: 0 },
      },
    },
  };
  return (
    <ChartView
      type="bar"
      data={data}
      options={options}
      role="img"
      aria-label="Views and new subscribers per day"
    />
  );
}
