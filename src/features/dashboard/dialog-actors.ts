/**
 * The actor of the dashboard's Edit video dialog: the real one (src/api/dashboard-dialogs.ts,
 * which only this lazy chunk imports, so `/` does not carry it) unless the ActorsProvider gives
 * another, as view tests do.
 */
import { usePageActors } from '../../actors';
import { dashboardDialogActors, type DashboardDialogActors } from '../../api/dashboard-dialogs';

export function useDashboardDialogActors(): DashboardDialogActors {
  return usePageActors(dashboardDialogActors);
}
