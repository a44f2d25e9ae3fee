/**
 * Which implementations the machines' promise actors use. The app uses the real API calls
 * (src/api/); view tests render the same components with fakes through
 * `<ActorsProvider actors={...}>` (or AppProviders' `actors`).
 *
 * Two kinds, so that `/` loads only what its first screen needs (issue 11):
 * - the core (the session's and video calls, used across pages, and the search box's
 *   suggestions, which every page's top bar shows): `useActors()`;
 * - a page's own calls (the account forms, search's channels, channel, tweets, library, dashboard and its dialogs,
 *   upload, and the bell's and live connection's, which only a signed-in user loads): the chunk
 *   that needs them imports them and asks `usePageActors(itsActors)`, so they load with it, not
 *   with the shell.
 * Fakes given to a provider replace either kind by name.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { sessionActors, type SessionActors } from './api/users';
import { realVideoActors, type VideoActors } from './api/video-actors';
import { searchSuggestActors, type SearchSuggestActors } from './api/search-suggestions';
// Types only: each page imports the real calls itself.
import type { AccountActors } from './api/account';
import type { AccountMailActors } from './api/account-mail';
import type { AccountSecurityActors } from './api/account-security';
import type { NotificationActors } from './api/notifications';
import type { UnreadCountActors } from './api/unread-count';
import type { LiveStreamActors } from './api/live-stream';
import type { ChannelActors } from './api/channel';
import type { channelPlaylistActors } from './api/channel-playlists';
import type { TweetActors } from './api/tweets';
import type { historyActors } from './api/history';
import type { libraryActors } from './api/library';
import type { playlistDetailActors } from './api/playlist-detail';
import type { subscriptionsActors } from './api/subscriptions';
import type { dashboardStatsActors } from './api/dashboard';
import type { dashboardVideoActors } from './api/dashboard-videos';
import type { DashboardDialogActors } from './api/dashboard-dialogs';
import type { PlaylistEntryActors } from './api/playlist-entries';
import type { DashboardPlaylistActors } from './api/dashboard-playlists';
import type { VideoProcessingActors } from './api/video-processing';
import type { UploadActors } from './api/upload-actors';
import type { SearchActors } from './api/search';
import type { PasskeyActors } from './api/passkeys';
// Issue 33: the watch page's conversation and the creator's desk.
import type { ConversationActors } from './api/conversation';
import type { ModerationActors } from './api/moderation';
// Issue 34: the edit dialog's Captions section.
import type { CaptionActors } from './api/captions';

type CoreActors = SessionActors & VideoActors & SearchSuggestActors;

export type AppActors = CoreActors &
  AccountActors &
  AccountMailActors &
  AccountSecurityActors &
  NotificationActors &
  UnreadCountActors &
  LiveStreamActors &
  ChannelActors &
  TweetActors &
  typeof channelPlaylistActors &
  typeof historyActors &
  typeof libraryActors &
  typeof subscriptionsActors &
  typeof playlistDetailActors &
  typeof dashboardStatsActors &
  typeof dashboardVideoActors &
  DashboardDialogActors &
  PlaylistEntryActors &
  DashboardPlaylistActors &
  VideoProcessingActors &
  UploadActors &
  SearchActors &
  PasskeyActors &
  ConversationActors &
  ModerationActors &
  CaptionActors;

const coreActors: CoreActors = {
  ...sessionActors,
  ...realVideoActors,
  ...searchSuggestActors,
};

/** The fakes given by the providers above, merged (nearest wins). */
const OverridesContext = createContext<Partial<AppActors>>({});

export function ActorsProvider({
  actors,
  children,
}: {
  actors?: Partial<AppActors>;
  children: ReactNode;
}) {
  const parent = useContext(OverridesContext);
  const value = useMemo(() => ({ ...parent, ...actors }), [parent, actors]);
  return <OverridesContext.Provider value={value}>{children}</OverridesContext.Provider>;
}

/** The core actors, with any fakes. */
export function useActors(): CoreActors {
  const overrides = useContext(OverridesContext);
  return useMemo(() => ({ ...coreActors, ...overrides }), [overrides]);
}

/** A page's own actors: `real` (imported by the page's chunk), with any fakes of the same names. */
export function usePageActors<T extends object>(real: T): T {
  const overrides = useContext(OverridesContext);
  return useMemo(() => {
    const chosen: Record<string, unknown> = { ...(real as Record<string, unknown>) };
    for (const name of Object.keys(real)) {
      const fake = (overrides as Record<string, unknown>)[name];
      if (fake) chosen[name] = fake;
    }
    return chosen as T;
  }, [real, overrides]);
}
