/**
 * The channel page /Channel/{userName}/{tab} (spec §2 Channel page): header, tabs as child routes
 * (the URL is the tab, so reload and back work) and the active tab's panel. The channel machine
 * loads the channel and keeps the tab; each userName gets a fresh page (keyed) and actor.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import {
  channelMachine,
  channelSlot,
  selectActiveTab,
  selectChannel,
  selectHasFailed,
  selectIsOwnChannel,
} from '../../machines/channel.machine';
import { CHANNEL_TAB_LABELS, CHANNEL_TABS, type ChannelTab } from '../../machines/constants';
import { MESSAGES } from '../../machines/messages';
import type { Channel } from '../../contract/users';
import { usePageActors } from '../actors';
import { channelActors } from '../api/channel';
import { ChannelHeader } from '../features/channel/channel-header';
import { ChannelPlaylistsTab } from '../features/channel/channel-playlists-tab';
import { ChannelSubscribersTab } from '../features/channel/channel-subscribers-tab';
import { ChannelTweetsTab } from '../features/channel/channel-tweets-tab';
import { ChannelVideosTab } from '../features/channel/channel-videos-tab';
import { Muted } from '../features/channel/channel.styles';
import { useCurrentUser } from '../session';
import { LinkTabs } from '../ui/tabs';
import { PageSpinner } from '../ui/spinner';
import { useDocumentTitle } from '../use-document-title';
import { useEmitted } from '../use-emitted';
import { notify } from '../notify';
import { useRememberedActor } from '../remembered-place';

function TabPanel({ tab, channel, own }: { tab: ChannelTab; channel: Channel; own: boolean }) {
  switch (tab) {
    case 'Videos':
      return <ChannelVideosTab userId={channel._id} />;
    case 'PlayList':
      return <ChannelPlaylistsTab userId={channel._id} />;
    case 'Tweets':
      return <ChannelTweetsTab userId={channel._id} own={own} />;
    case 'Subscribed':
      return <ChannelSubscribersTab channelId={channel._id} />;
  }
}

function ChannelView({ userName, tab }: { userName: string; tab: string | undefined }) {
  const me = useCurrentUser();
  const { fetchChannel } = usePageActors(channelActors);
  // The header comes back with its tab's list (each remembered for Back, issue 29).
  const page = useRememberedActor(
    channelSlot(userName),
    channelMachine.provide({ actors: { fetchChannel } }),
    { input: { userName, tab } },
  );
  useEffect(() => page.send({ type: 'SELECT_TAB', tab }), [page, tab]);
  const channel = useSelector(page, selectChannel);
  const failed = useSelector(page, selectHasFailed);
  const active = useSelector(page, selectActiveTab);
  const own = useSelector(page, (s) => selectIsOwnChannel(s, me?._id));
  useEmitted(page, { loadFailed: () => notify.error(MESSAGES.failedToGetChannel) });
  useDocumentTitle(channel?.fullName ?? `@${userName}`);

  if (failed) return <Muted role="alert">{MESSAGES.unableToGetUser}</Muted>;
  if (!channel) return <PageSpinner />;
  const base = `/Channel/${encodeURIComponent(channel.userName)}`;
  return (
    <>
      <ChannelHeader
        channel={channel}
        own={own}
        onSubscriptionChanged={() => page.send({ type: 'RELOAD' })}
      />
      <LinkTabs
        label="Channel sections"
        items={CHANNEL_TABS.map((t) => ({
          label: CHANNEL_TAB_LABELS[t],
          href: `${base}/${t}`,
          active: t === active,
        }))}
      />
      <TabPanel key={active} tab={active} channel={channel} own={own} />
    </>
  );
}

export default function ChannelPage() {
  const { userName = '', tab } = useParams<{ userName: string; tab?: string }>();
  return <ChannelView key={userName.toLowerCase()} userName={userName} tab={tab} />;
}
