/**
 * The app: theme, motion, toasts, the session and the routes. `App` takes optional injections so
 * view tests render the real tree with fake API actors and an in-memory location.
 */
import { domAnimation, LazyMotion, MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';
import { Slide, ToastContainer } from 'react-toastify';
import { ThemeProvider } from 'styled-components';
import { Router, type BaseLocationHook } from 'wouter';
import { TOAST_AUTO_CLOSE_MS } from '../machines/constants';
import { ActorsProvider } from './actors';
import type { AccountActors } from './api/users';
import { GlobalStyle } from './global-style';
import { AppRoutes } from './routes';
import { SessionProvider } from './session';
import { theme } from './theme';

export interface AppProps {
  /** Replace API-backed actors (tests). */
  actors?: Partial<AccountActors>;
  /** A wouter location hook (tests use memoryLocation). */
  location?: BaseLocationHook & { searchHook?: () => string };
  children?: ReactNode;
}

/** Everything around the routes; tests also use it to render a single page. */
export function AppProviders({ actors, location, children }: AppProps) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <LazyMotion features={domAnimation}>
        <MotionConfig reducedMotion="user">
          <ActorsProvider actors={actors}>
            <Router {...(location ? { hook: location, searchHook: location.searchHook } : {})}>
              <SessionProvider>{children}</SessionProvider>
            </Router>
          </ActorsProvider>
        </MotionConfig>
      </LazyMotion>
      <ToastContainer
        position="top-right"
        autoClose={TOAST_AUTO_CLOSE_MS}
        theme="light"
        transition={Slide}
        newestOnTop
      />
    </ThemeProvider>
  );
}

export function App(props: AppProps) {
  return (
    <AppProviders {...props}>
      <AppRoutes />
    </AppProviders>
  );
}
