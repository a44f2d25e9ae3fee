/** The dashboard's statistics block: the analytics grid, then views over time. */
import { StatsGrid } from './stats-grid';
import { ViewsSection } from './views-section';

/**
 * `statsVersion`: a new value asks the figures again (an upload, a delete, a new playlist or
 * tweet on this page), so the counts agree with the lists without a reload.
 */
export function DashboardStatsSection({ statsVersion = 0 }: { statsVersion?: number }) {
  return (
    <>
      <StatsGrid version={statsVersion} />
      <ViewsSection />
    </>
  );
}
