/**
 * The app: theme, toasts, the session and the routes. `App` takes optional injections so
 * view tests render the real tree with fake API actors and an in-memory location.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import type { FirstScreenState } from '../../contract/first-screen';
import type { User } from '../../contract/shapes';
import { Router, type BaseLocationHook } from 'wouter';
import { ActorsProvider, type AppActors } from '../actors';
import { GlobalStyle } from '../global-style';
import { useToastsNeeded } from '../notify';
import { LiveProvider } from '../live';
import { AppRoutes } from './routes';
import { FirstScreenProvider } from '../first-screen-state';
import { SessionProvider } from '../session';
import { theme } from '../theme';

const Toasts = lazy(() => import('../toasts'));

/** The toast container, mounted (and its chunk fetched) when the first toast is raised. */
function LazyToasts() {
  const needed = useToastsNeeded();
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

export interface AppProps {
  /** Replace API-backed actors (tests). */
  actors?: Partial<AppActors>;
  /** A wouter location hook (tests use memoryLocation). */
  location?: BaseLocationHook & { searchHook?: () => string };
  /** Who is signed in, when the page's HTML said so (src/api/first-screen.ts): no session call. */
  session?: { user: User | null } | undefined;
  /** The address being rendered on the server (src/app/server-render.tsx), with its query. */
  ssrPath?: string;
  /** What the server rendered the first screen from (issue 35): hydration renders the same. */
  firstScreen?: FirstScreenState | undefined;
  children?: ReactNode;
}

/** Everything around the routes; tests also use it to render a single page. */
export function AppProviders({
  actors,
  location,
  session,
  ssrPath,
  firstScreen,
  children,
}: AppProps) {
  return (
    <FirstScreenProvider state={firstScreen}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <ActorsProvider actors={actors}>
          <Router
            {...(location ? { hook: location, searchHook: location.searchHook } : {})}
            {...(ssrPath ? { ssrPath } : {})}
          >
            <SessionProvider initial={session}>
              <LiveProvider>{children}</LiveProvider>
            </SessionProvider>
          </Router>
        </ActorsProvider>
        <LazyToasts />
      </ThemeProvider>
    </FirstScreenProvider>
  );
}

export function App(props: AppProps) {
  return (
    <AppProviders {...props}>
      <AppRoutes />
    </AppProviders>
  );
}
