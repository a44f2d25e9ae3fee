import type { ReactNode } from 'react';
import { Layout } from './layout';
import { DASHBOARD_MENU } from './nav-items';

/** The creator dashboard's shell: the main layout with the dashboard's own side menu. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={DASHBOARD_MENU} menuLabel="Dashboard menu">
      {children}
    </Layout>
  );
}
