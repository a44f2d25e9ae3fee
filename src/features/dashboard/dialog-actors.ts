/**
 * The actors of the dashboard's video dialogs: the real ones (src/api/dashboard-dialogs.ts, which
 * only this lazy chunk imports, so `/` does not carry them) unless the ActorsProvider gives
 * others, as view tests do.
 */
import { usePageActors } from '../../actors';
import { dashboardDialogActors, type DashboardDialogActors } from '../../api/dashboard-dialogs';

export function useDashboardDialogActors(): DashboardDialogActors {
  return usePageActors(dashboardDialogActors);
}
