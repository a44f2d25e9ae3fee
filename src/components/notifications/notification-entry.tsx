/** One notification in the panel: who or what, the sentence, when, and a dot while unread. */
import { Link } from 'wouter';
import styled from 'styled-components';
import { visuallyHidden } from '../../ui/visually-hidden';
import type { Notification } from '../../../contract/notifications';
import { Avatar } from '../../ui/avatar';
import { RelativeTime } from '../relative-time';
import { notificationHref, notificationText } from './notification-text';

const Row = styled.a<{ $unread: boolean }>`
  display: grid;
  grid-template-columns: 40px 1fr auto;
  gap: 12px;
  align-items: start;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  background: ${({ $unread, theme }) => ($unread ? theme.colors.surfaceHover : 'transparent')};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;
const Text = styled.span`
  display: grid;
  gap: 4px;
  min-width: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: 1.35;
  overflow-wrap: anywhere;
  time {
    font-size: ${({ theme }) => theme.font.size.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Thumb = styled.img`
  width: 72px;
  aspect-ratio: 16 / 9;
  border-radius: 4px;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;
const Dot = styled.span`
  position: absolute;
  width: 8px;
  height: 8px;
  margin: 16px 0 0 -10px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accent};
`;
const Item = styled.li`
  position: relative;
  padding-left: 10px;
`;
const Hidden = styled.span`
  ${visuallyHidden}
`;

export function NotificationEntry({
  notification: n,
  onOpen,
}: {
  notification: Notification;
  onOpen: () => void;
}) {
  const unread = !n.read;
  return (
    // On the item: the Link owns its anchor's click (it navigates); the press bubbles up here.
    <Item onClick={onOpen}>
      {unread && <Dot aria-hidden="true" />}
      <Link href={notificationHref(n)} asChild>
        <Row $unread={unread}>
          <Avatar src={n.actor?.avatar ?? null} sizes={n.actor?.avatarSizes} alt="" size={40} />
          <Text>
            <span>
              {unread && <Hidden>New: </Hidden>}
              {notificationText(n)}
            </span>
            <RelativeTime iso={n.createdAt} />
          </Text>
          {n.video ? <Thumb src={n.video.thumbnail} alt="" loading="lazy" /> : <span />}
        </Row>
      </Link>
    </Item>
  );
}
