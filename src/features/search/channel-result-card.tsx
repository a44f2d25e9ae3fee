/**
 * The channel a search names, above its videos (issue 31): avatar, names, subscribers and
 * videos, and Subscribe (spec's toggle). Its owner sees the spec's 'View Channel' instead; a
 * visitor's Subscribe opens the sign-in popup, as Save does, since subscribing needs an account.
 */
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { ChannelResult } from '../../../contract/search';
import { MESSAGES } from '../../../machines/messages';
import { SubscribeButton, useSubscribeToggle } from '../../components/subscribe-button';
import { formatSubscribers, formatViews } from '../../format';
import { useCurrentUser } from '../../session';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';

const SignInPopup = lazy(() => import('../../components/sign-in/sign-in-popup'));

const Card = styled.section`
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 12px 0 20px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${({ theme }) => theme.media.md} {
    gap: 32px;
    padding-left: 48px;
  }
`;

const Names = styled(Link)`
  flex: 1;
  min-width: 0;
  color: inherit;
  text-decoration: none;
  h2 {
    margin: 0 0 4px;
    font-size: ${({ theme }) => theme.font.size.lg};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const videoCount = (n: number) => `${formatViews(n)} ${n === 1 ? 'video' : 'videos'}`;

export function ChannelResultCard({ channel }: { channel: ChannelResult }) {
  const user = useCurrentUser();
  const { toggle, count } = useSubscribeToggle(
    channel._id,
    channel.isSubscribed,
    channel.subscriberCount,
  );
  const [askSignIn, setAskSignIn] = useState(false);
  const href = `/Channel/${encodeURIComponent(channel.userName)}`;
  return (
    <Card aria-label={`Channel ${channel.fullName}`}>
      <Link href={href} tabIndex={-1} aria-hidden="true">
        <Avatar src={channel.avatar} sizes={channel.avatarSizes} alt="" size={88} />
      </Link>
      <Names href={href}>
        <h2>{channel.fullName}</h2>
        <p>
          @{channel.userName} · {formatSubscribers(count)} · {videoCount(channel.videoCount)}
        </p>
      </Names>
      {user?._id === channel._id ? (
        <Link href={href}>{MESSAGES.viewChannel}</Link>
      ) : user ? (
        <SubscribeButton toggle={toggle} />
      ) : (
        <Button variant="primary" onClick={() => setAskSignIn(true)}>
          Subscribe
        </Button>
      )}
      {askSignIn && (
        <Suspense fallback={null}>
          <SignInPopup onClose={() => setAskSignIn(false)} />
        </Suspense>
      )}
    </Card>
  );
}
