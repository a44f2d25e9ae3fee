/**
 * Which implementations the machines' promise actors use, for the account and the video screens
 * alike. The app uses the real API calls (src/api/); view tests render the same components with
 * fakes through `<ActorsProvider actors={...}>` (or AppProviders' `actors`).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { accountActors, type AccountActors } from './api/users';
import { realVideoActors, type VideoActors } from './api/video-actors';
// Channel page (issue 8).
import { channelActors, type ChannelActors } from './api/channel';
import { channelPlaylistActors } from './api/channel-playlists';
import { tweetActors, type TweetActors } from './api/tweets';
// The viewer's library pages (History, Subscriptions, a playlist).
import { historyActors } from './api/history';
import { playlistDetailActors } from './api/playlist-detail';
import { subscriptionsActors } from './api/subscriptions';
// Creator dashboard: the analytics grid and the views chart (issue 9).
import { dashboardStatsActors } from './api/dashboard';
import { dashboardVideoActors } from './api/dashboard-videos';
// The dashboard's video dialogs: types only, so their code stays in the dashboard's chunk; the
// real ones come from useDashboardDialogActors, tests provide fakes here.
import type { DashboardDialogActors } from './api/dashboard-dialogs';
// A dashboard row's conversion status (issue 12): likewise types only.
import type { VideoProcessingActors } from './api/video-processing';

const libraryActors = { ...historyActors, ...subscriptionsActors, ...playlistDetailActors };
type LibraryActors = typeof libraryActors;

export type AppActors = AccountActors &
  VideoActors &
  ChannelActors &
  TweetActors &
  typeof channelPlaylistActors &
  LibraryActors &
  typeof dashboardStatsActors &
  typeof dashboardVideoActors &
  Partial<DashboardDialogActors> &
  Partial<VideoProcessingActors>;

const ActorsContext = createContext<AppActors>({
  ...accountActors,
  ...realVideoActors,
  ...channelActors,
  ...channelPlaylistActors,
  ...tweetActors,
  ...libraryActors,
  ...dashboardStatsActors,
  ...dashboardVideoActors,
});

export function ActorsProvider({
  actors,
  children,
}: {
  actors?: Partial<AppActors>;
  children: ReactNode;
}) {
  const parent = useContext(ActorsContext);
  const value = useMemo(() => ({ ...parent, ...actors }), [parent, actors]);
  return <ActorsContext.Provider value={value}>{children}</ActorsContext.Provider>;
}

export function useActors(): AppActors {
  return useContext(ActorsContext);
}
