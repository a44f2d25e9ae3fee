/**
 * One channel on the Subscriptions page (spec §2): avatar, full name, @username, subscriber
 * count, description or 'No channel description', and Unsubscribe. The button is the existing
 * subscribe-toggle machine: when the toggle goes through the page reloads its list (spec §4);
 * when it fails the row stays as it was and a toast says so.
 */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { SubscribedChannel } from '../../../contract/engagement';
import { LIBRARY_MESSAGES as TEXT } from '../../../machines/messages';
import {
  selectIsBusy,
  selectSubscribed,
  subscribeToggleMachine,
} from '../../../machines/subscribe-toggle.machine';
import { useActors } from '../../actors';
import { formatSubscribers } from '../../format';
import { notify } from '../../notify';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { useEmitted } from '../../use-emitted';
import { channelPath } from '../../components/video-card';
import { clampLines } from '../../ui/clamp';

const Row = styled.article`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: center;
  gap: 12px 16px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: auto 1fr auto;
  }
  > button {
    grid-column: 1 / -1;
    ${({ theme }) => theme.media.sm} {
      grid-column: auto;
    }
  }
`;

const Text = styled.div`
  min-width: 0;
  display: grid;
  gap: 2px;
  .name {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.md};
    overflow-wrap: anywhere;
  }
  small,
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  p {
    ${clampLines(2)}
  }
`;

export function SubscriptionRow({
  channel,
  onUnsubscribed,
}: {
  channel: SubscribedChannel;
  /** The toggle went through: the page reloads its list. */
  onUnsubscribed: () => void;
}) {
  const { toggleSubscription } = useActors();
  const toggle = useActorRef(subscribeToggleMachine.provide({ actors: { toggleSubscription } }), {
    input: { channelId: channel._id, subscribed: true, subscriberCount: channel.subscribers },
  });
  useEmitted(toggle, {
    changed: onUnsubscribed,
    failed: ({ message }) => {
      console.error('Unsubscribe failed:', message);
      notify.error(TEXT.unsubscribeFailed);
    },
  });
  const subscribed = useSelector(toggle, selectSubscribed);
  const busy = useSelector(toggle, selectIsBusy);
  const href = channelPath(channel.userName);

  return (
    <Row aria-label={channel.fullName}>
      <Link href={href} aria-label={`${channel.fullName} channel`}>
        <Avatar src={channel.avatar} sizes={channel.avatarSizes} alt="" size={56} />
      </Link>
      <Text>
        <Link className="name" href={href}>
          {channel.fullName}
        </Link>
        <small>
          @{channel.userName} • {formatSubscribers(channel.subscribers)}
        </small>
        <p>{channel.description || TEXT.noChannelDescription}</p>
      </Text>
      {/* After a toggle the row leaves with the reload; should that reload fail, the button
          offers to subscribe again. */}
      <Button
        variant={subscribed ? 'secondary' : 'primary'}
        loading={busy}
        onClick={() => toggle.send({ type: 'TOGGLE' })}
      >
        {subscribed ? TEXT.unsubscribe : 'Subscribe'}
      </Button>
    </Row>
  );
}
