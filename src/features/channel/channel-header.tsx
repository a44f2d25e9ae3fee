/**
 * The channel page's header (spec §2 Channel page): cover, avatar, fullName, @userName, the
 * subscriber count, and Subscribe/Subscribed, or 'View Channel' when the viewer owns the channel.
 *
 * Choice where the spec is silent: on one's own channel page 'View Channel' would lead to the
 * page already shown, so it leads to the dashboard (/Dashboard), where the owner manages the
 * channel; the label stays the spec's. Written down in docs/decisions.md.
 */
import { useEffect } from 'react';
import { srcSetOf } from '../../../contract/srcset';
import { THUMBNAIL_SIZES } from '../../../contract/thumbnail-sizes';
import type { Channel } from '../../../contract/users';
import { MESSAGES } from '../../../machines/messages';
import { formatSubscribers } from '../../format';
import { Avatar } from '../../ui/avatar';
import { SubscribeButton, useSubscribeToggle } from '../../components/subscribe-button';
import { useEmitted } from '../../use-emitted';
import { Cover, Head, Names, ViewChannelLink } from './channel.styles';

export const OWN_CHANNEL_VIEW_HREF = '/Dashboard';

export function ChannelHeader({
  channel,
  own,
  onSubscriptionChanged,
}: {
  channel: Channel;
  own: boolean;
  /** The spec reloads the channel after a toggle. */
  onSubscriptionChanged: () => void;
}) {
  const { toggle, count } = useSubscribeToggle(
    channel._id,
    channel.isSubscribed,
    channel.subscriberCount,
  );
  useEmitted(toggle, { changed: onSubscriptionChanged });
  // The reloaded channel's numbers replace the toggle's (someone else may have subscribed too).
  useEffect(() => {
    toggle.send({
      type: 'SYNC',
      subscribed: channel.isSubscribed,
      subscriberCount: channel.subscriberCount,
    });
  }, [toggle, channel.isSubscribed, channel.subscriberCount]);
  return (
    <>
      <Cover>
        {channel.coverImage && (
          <img
            src={channel.coverImage}
            srcSet={srcSetOf(channel.coverImageSizes)}
            sizes={THUMBNAIL_SIZES.cover}
            alt=""
          />
        )}
      </Cover>
      <Head>
        <Avatar src={channel.avatar} sizes={channel.avatarSizes} alt="" size={88} />
        <Names>
          <h1>{channel.fullName}</h1>
          <p>@{channel.userName}</p>
          <small data-testid="subscriber-count">{formatSubscribers(count)}</small>
        </Names>
        {own ? (
          <ViewChannelLink href={OWN_CHANNEL_VIEW_HREF} title="Manage your channel">
            {MESSAGES.viewChannel}
          </ViewChannelLink>
        ) : (
          <SubscribeButton toggle={toggle} />
        )}
      </Head>
    </>
  );
}
