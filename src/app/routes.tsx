/**
 * The whole route table (spec §2) with its access rules. Every page is its own lazy chunk, so the
 * first visit to / loads only the shell and the home page.
 */
import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { MAIL_LINK_PATHS } from '../../contract/account-mail';
import { PAGE_ROUTES, pageOf } from '../../contract/page-routes';
import { OwnChannelRedirect, PublicOnly, RequireAuth } from './guards';
import { DashboardLayout } from '../layout/dashboard-layout';
import { Layout } from '../layout/layout';
import { lazyPage } from '../lazy-page';
import { PageSpinner } from '../ui/spinner';

const HomePage = lazyPage(() => import('../pages/home-page'));
const SearchPage = lazyPage(() => import('../pages/search-page'));
const WatchPage = lazyPage(() => import('../pages/watch-page'));
const DashboardContentPage = lazyPage(() => import('../pages/dashboard-content-page'));
// issue 34: S
const VideoAnalyticsPage = lazyPage(() => import('../pages/video-analytics-page'));
const LoginPage = lazyPage(() => import('../pages/login-page'));
const SignupPage = lazyPage(() => import('../pages/signup-page'));
const TermsPage = lazyPage(() => import('../pages/terms-page'));
const PrivacyPage = lazyPage(() => import('../pages/privacy-page'));
const SettingsPage = lazyPage(() => import('../pages/settings-page'));
const SubscriptionsPage = lazyPage(() => import('../pages/subscriptions-page'));
const HistoryPage = lazyPage(() => import('../pages/history-page'));
const PlaylistPage = lazyPage(() => import('../pages/playlist-page'));
const ChannelPage = lazyPage(() => import('../pages/channel-page'));
const LibraryPage = lazyPage(() => import('../pages/library-page'));
const NotificationsPage = lazyPage(() => import('../pages/notifications-page'));
const NotFoundPage = lazyPage(() => import('../pages/not-found-page'));
const ForgotPasswordPage = lazyPage(() => import('../pages/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('../pages/reset-password-page'));
const ConfirmEmailPage = lazyPage(() => import('../pages/confirm-email-page'));
// issue 34: C — the embeddable player, outside the layout.
const EmbedPage = lazyPage(() => import('../pages/embed-page'));

/**
 * Loads the page a cold load of `pathname` shows first, for the routes whose chunks index.html
 * preloads (vite.config.ts): main.tsx waits for it before React's first render (lazy-page.ts).
 */
export function preloadFirstPage(pathname: string): Promise<unknown> {
  switch (pageOf(pathname)?.route) {
    case PAGE_ROUTES.home:
      return HomePage.preload();
    case PAGE_ROUTES.search:
      return SearchPage.preload();
    case PAGE_ROUTES.watch:
      return WatchPage.preload();
    case PAGE_ROUTES.channel:
      return ChannelPage.preload();
    case PAGE_ROUTES.playlist:
      return PlaylistPage.preload();
    default:
      return Promise.resolve();
  }
}

/** A page inside the main layout; the layout stays while the page's chunk loads. */
function InLayout({ children, guarded }: { children: ReactNode; guarded?: boolean }) {
  const page = <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
  return <Layout>{guarded ? <RequireAuth>{page}</RequireAuth> : page}</Layout>;
}

function Bare({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path={PAGE_ROUTES.home}>
        <InLayout>
          <HomePage />
        </InLayout>
      </Route>
      <Route path={PAGE_ROUTES.search}>
        <InLayout>
          <SearchPage />
        </InLayout>
      </Route>
      <Route path="/login">
        <PublicOnly>
          <Bare>
            <LoginPage />
          </Bare>
        </PublicOnly>
      </Route>
      <Route path="/signup">
        <PublicOnly>
          <Bare>
            <SignupPage />
          </Bare>
        </PublicOnly>
      </Route>
      {/* issue 34: C — the embeddable player (/embed/{id}), the player alone. */}
      <Route path="/embed/:videoId">
        <Bare>
          <EmbedPage />
        </Bare>
      </Route>
      <Route path="/forgot-password">
        <Bare>
          <ForgotPasswordPage />
        </Bare>
      </Route>
      {/* Mailed links (issue 32): they work signed in or not. */}
      <Route path={MAIL_LINK_PATHS.resetPassword}>
        <Bare>
          <ResetPasswordPage />
        </Bare>
      </Route>
      <Route path={MAIL_LINK_PATHS.confirmEmail}>
        <InLayout>
          <ConfirmEmailPage />
        </InLayout>
      </Route>
      <Route path="/TermsAndConditions">
        <Bare>
          <TermsPage />
        </Bare>
      </Route>
      <Route path="/PrivacyPolicy">
        <Bare>
          <PrivacyPage />
        </Bare>
      </Route>
      <Route path="/Setting">
        <Redirect to="/Setting/ChangeInfo" replace />
      </Route>
      <Route path="/Setting/ChangeInfo">
        <InLayout guarded>
          <SettingsPage section="ChangeInfo" />
        </InLayout>
      </Route>
      <Route path="/Setting/ChangePassword">
        <InLayout guarded>
          <SettingsPage section="ChangePassword" />
        </InLayout>
      </Route>
      <Route path="/Setting/Passkeys">
        <InLayout guarded>
          <SettingsPage section="Passkeys" />
        </InLayout>
      </Route>
      <Route path="/Setting/Devices">
        <InLayout guarded>
          <SettingsPage section="Devices" />
        </InLayout>
      </Route>
      <Route path="/Setting/TwoStep">
        <InLayout guarded>
          <SettingsPage section="TwoStep" />
        </InLayout>
      </Route>
      <Route path="/Subscriptions">
        <InLayout guarded>
          <SubscriptionsPage />
        </InLayout>
      </Route>
      <Route path="/Subscriptions/videos">
        <InLayout guarded>
          <SubscriptionsPage tab="videos" />
        </InLayout>
      </Route>
      <Route path="/History">
        <InLayout guarded>
          <HistoryPage />
        </InLayout>
      </Route>
      <Route path={PAGE_ROUTES.playlist}>
        <InLayout guarded>
          <PlaylistPage />
        </InLayout>
      </Route>
      {/* Matching is case-insensitive, so /channel/... works too; default child Videos. */}
      <Route path={PAGE_ROUTES.channel}>
        <InLayout guarded>
          <ChannelPage />
        </InLayout>
      </Route>
      <Route path="/tweets">
        <InLayout guarded>
          <OwnChannelRedirect tab="Tweets" />
        </InLayout>
      </Route>
      <Route path="/notifications">
        <InLayout guarded>
          <NotificationsPage />
        </InLayout>
      </Route>
      <Route path="/collections">
        <InLayout guarded>
          <LibraryPage />
        </InLayout>
      </Route>
      <Route path={PAGE_ROUTES.watch}>
        <InLayout guarded>
          <WatchPage />
        </InLayout>
      </Route>
      <Route path="/Dashboard">
        <Redirect to="/Dashboard/Content" replace />
      </Route>
      {/* issue 34: S — one video's analytics */}
      <Route path="/Dashboard/Content/Videos/:videoId/Analytics">
        <DashboardLayout>
          <RequireAuth>
            <Suspense fallback={<PageSpinner />}>
              <VideoAnalyticsPage />
            </Suspense>
          </RequireAuth>
        </DashboardLayout>
      </Route>
      {/* The content page's tab is the last segment: none (videos), Playlists or Tweets. */}
      <Route path="/Dashboard/Content/:tab?">
        <DashboardLayout>
          <RequireAuth>
            <Suspense fallback={<PageSpinner />}>
              <DashboardContentPage />
            </Suspense>
          </RequireAuth>
        </DashboardLayout>
      </Route>
      <Route>
        <Bare>
          <NotFoundPage />
        </Bare>
      </Route>
    </Switch>
  );
}
