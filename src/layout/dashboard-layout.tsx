import type { ReactNode } from 'react';
import { Layout } from './layout';
import { DASHBOARD_MENU } from './nav-items';

/**
 * The creator dashboard's shell (spec §2 Dashboard): the main layout with the dashboard's own
 * menu (Home, Content, the code-hosting link, Settings), at the side on wide screens and as the
 * bottom bar on phones.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={DASHBOARD_MENU} menuLabel="Dashboard menu" bottomBar={DASHBOARD_MENU}>
      {children}
    </Layout>
  );
}
