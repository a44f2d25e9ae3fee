/**
 * The navigation targets of the side menu, bottom bar and account menu, in one place.
 * /tweets redirects to the signed-in user's own channel tab; /collections is the Library page
 * (History, playlists, your videos), so a phone reaches History too (see routes.tsx).
 */
import type { ComponentType } from 'react';
import {
  ClockIcon,
  CodeIcon,
  DashboardIcon,
  HistoryIcon,
  HomeIcon,
  LibraryIcon,
  SettingsIcon,
  TweetIcon,
  UsersIcon,
  VideoIcon,
} from '../ui/icons';

export interface NavItem {
  label: string;
  href: string;
  icon: ComponentType<{ size?: number }>;
  external?: boolean;
}

/**
 * The spec names "an external code-hosting link" without a target: the project's own repository,
 * set at build time (SOURCE_CODE_URL, else package.json's `repository.url`; vite.config.ts), so a
 * fork's build links to the fork.
 */
export const SOURCE_CODE_URL = __SOURCE_CODE_URL__;

export const SIDE_MENU: NavItem[] = [
  { label: 'Home', href: '/', icon: HomeIcon },
  { label: 'History', href: '/History', icon: HistoryIcon },
  // Issue 23: the built-in list, by the server's alias for the caller's own.
  { label: 'Watch later', href: '/Playlist/WL', icon: ClockIcon },
  { label: 'Your Content', href: '/Dashboard', icon: VideoIcon },
  { label: 'Subscriptions', href: '/Subscriptions', icon: UsersIcon },
  { label: 'Source code', href: SOURCE_CODE_URL, icon: CodeIcon, external: true },
  { label: 'Settings', href: '/Setting', icon: SettingsIcon },
];

export const BOTTOM_BAR: NavItem[] = [
  { label: 'Home', href: '/', icon: HomeIcon },
  { label: 'Tweets', href: '/tweets', icon: TweetIcon },
  { label: 'Content', href: '/Dashboard', icon: VideoIcon },
  { label: 'Library', href: '/collections', icon: LibraryIcon },
  { label: 'Subs', href: '/Subscriptions', icon: UsersIcon },
];

export const DASHBOARD_MENU: NavItem[] = [
  { label: 'Home', href: '/', icon: HomeIcon },
  { label: 'Content', href: '/Dashboard/Content', icon: DashboardIcon },
  { label: 'Source code', href: SOURCE_CODE_URL, icon: CodeIcon, external: true },
  { label: 'Settings', href: '/Setting', icon: SettingsIcon },
];

/** True when `href` is the current page or a parent section of it. */
export function isActive(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location.toLowerCase().startsWith(href.toLowerCase());
}
