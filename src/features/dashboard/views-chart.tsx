/**
 * The views-over-time chart: counted views per day as a line, new subscribers per day as bars,
 * each on its own axis (views run in the hundreds, subscribers in ones). Loaded with React.lazy
 * from the dashboard only, so chart.js never reaches the other pages (chart-kit.ts registers the
 * pieces drawn here and the video analytics).
 */
import type { ChartData, ChartOptions } from 'chart.js';
import { Chart as ChartView } from 'react-chartjs-2';
import type { DashboardDay } from '../../../contract/dashboard';
import { countBars, countLine, dayLabel, useChartStyle } from './chart-kit';

export interface ViewsChartProps {
  daily: DashboardDay[];
}

export default function ViewsChart({ daily }: ViewsChartProps) {
  const { colors, axis, x, right, base } = useChartStyle();
  const data: ChartData<'bar' | 'line'> = {
    labels: daily.map((d) => dayLabel(d.date)),
    datasets: [
      countLine(
        colors,
        'Views',
        daily.map((d) => d.views),
        { yAxisID: 'y', order: 1 },
      ),
      countBars(
        colors.success,
        'New subscribers',
        daily.map((d) => d.subscribers),
        { borderRadius: 2, yAxisID: 'y1', order: 2 },
      ),
    ],
  };
  const options: ChartOptions<'bar' | 'line'> = {
    ...base,
    scales: {
      x,
      y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } },
      y1: { ...right, ticks: { ...axis.ticks, precision: 0 } },
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
