/** The dashboard's statistics block: the analytics grid, then views over time. */
import { StatsGrid } from './stats-grid';
import { ViewsSection } from './views-section';

/** `statsVersion`: a new value asks the figures again (after an upload, Videos has grown). */
export function DashboardStatsSection({ statsVersion = 0 }: { statsVersion?: number }) {
  return (
    <>
      <StatsGrid key={statsVersion} />
      <ViewsSection />
    </>
  );
}
