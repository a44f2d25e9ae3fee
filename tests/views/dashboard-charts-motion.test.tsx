/**
 * The dashboard's charts (channel views and one video's analytics) grow into place, except for a
 * viewer whose system asks for reduced motion: then each is drawn complete at once. jsdom has no
 * canvas, so react-chartjs-2 is replaced by a recorder of what chart.js would be given, and the
 * system's setting is what framer-motion's useReducedMotion reads from it.
 */
import { render } from '@testing-library/react';
import type { ChartOptions } from 'chart.js';
import type * as FramerMotion from 'framer-motion';
import { ThemeProvider } from 'styled-components';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoAnalytics } from '../../contract/video-analytics';
import AnalyticsChart from '../../src/features/dashboard/analytics-charts';
import ViewsChart from '../../src/features/dashboard/views-chart';
import { theme } from '../../src/theme';

const system = vi.hoisted(() => ({ reducedMotion: false }));
const drawn = vi.hoisted(() => [] as { options: ChartOptions; 'aria-label': string }[]);
vi.mock('framer-motion', async (original) => ({
  ...(await original<typeof FramerMotion>()),
  useReducedMotion: () => system.reducedMotion,
}));
vi.mock('react-chartjs-2', () => ({
  Chart: (props: (typeof drawn)[number]) => {
    drawn.push(props);
    return null;
  },
}));

const day = { date: '2026-01-05', views: 3, watchSeconds: 90, likes: 1, comments: 2 };
const figures = {
  duration: 60,
  retention: [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0],
  daily: [day],
} as unknown as VideoAnalytics;

function drawAll() {
  render(
    <ThemeProvider theme={theme}>
      <ViewsChart daily={[{ date: '2026-01-05', views: 3, subscribers: 1 }]} />
      <AnalyticsChart kind="views" data={figures} />
      <AnalyticsChart kind="retention" data={figures} />
      <AnalyticsChart kind="engagement" data={figures} />
    </ThemeProvider>,
  );
  return drawn.map((chart) => ({ chart: chart['aria-label'], animation: chart.options.animation }));
}

describe('dashboard charts and reduced motion', () => {
  beforeEach(() => {
    drawn.length = 0;
  });

  it('are drawn complete at once when the system asks for reduced motion', () => {
    system.reducedMotion = true;
    const charts = drawAll();
    expect(charts).toHaveLength(4);
    for (const chart of charts) expect(chart).toMatchObject({ animation: false });
  });

  it('grow into place otherwise (chart.js animates by default)', () => {
    system.reducedMotion = false;
    const charts = drawAll();
    expect(charts).toHaveLength(4);
    for (const chart of charts) expect(chart.animation).toBeUndefined();
  });
});
