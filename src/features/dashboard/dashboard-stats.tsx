/** The dashboard's statistics block: the analytics grid, then views over time. */
import { StatsGrid } from './stats-grid';
import { ViewsSection } from './views-section';

export function DashboardStatsSection() {
  return (
    <>
      <StatsGrid />
      <ViewsSection />
    </>
  );
}
