/**
 * The channel's Subscribed tab, labelled Subscribers (spec §2): who subscribes to this channel,
 * each row with avatar, full name, subscriber count and Subscribe/Subscribed (the viewer's own
 * row: 'View Channel'). Page by page with the shared pager.
 */
import { useSelector } from '@xstate/react';
import type { ChannelSubscriber } from '../../../contract/engagement';
import { PAGE_SIZE } from '../../../contract/limits';
import { MESSAGES } from '../../../machines/messages';
import {
  selectHasFailed,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectItems,
} from '../../../machines/pager.machine';
import { usePageActors } from '../../actors';
import { channelActors } from '../../api/channel';
import { formatSubscribers } from '../../format';
import { pagerWith } from '../../pager-logic';
import { useCurrentUser } from '../../session';
import { Avatar } from '../../ui/avatar';
import { Spinner } from '../../ui/spinner';
import { ListEmpty, ListError, LoadMoreFooter } from '../../ui/list-states';
import { SubscribeButton, useSubscribeToggle } from '../../components/subscribe-button';
import { channelPath } from '../../components/video-card';
import { PlainList } from '../../ui/plain-list';
import { NameLink, Panel, Row, ViewChannelLink } from './channel.styles';
import { useRememberedActor } from '../../remembered-place';

export const NO_SUBSCRIBERS = 'This channel has no subscribers yet.';
export const SUBSCRIBERS_FAILED = 'Failed to load subscribers. Please try again.';

function SubscriberRow({ row, own }: { row: ChannelSubscriber; own: boolean }) {
  const { toggle, count } = useSubscribeToggle(row._id, row.isSubscribed, row.subscriberCount);
  return (
    <Row data-testid="subscriber-row">
      <Avatar src={row.avatar} sizes={row.avatarSizes} alt="" size={48} />
      <div>
        <NameLink href={channelPath(row.userName)}>{row.fullName}</NameLink>
        <small>{formatSubscribers(count)}</small>
      </div>
      {own ? (
        <ViewChannelLink href={channelPath(row.userName)}>{MESSAGES.viewChannel}</ViewChannelLink>
      ) : (
        <SubscribeButton toggle={toggle} />
      )}
    </Row>
  );
}

export function ChannelSubscribersTab({ channelId }: { channelId: string }) {
  const me = useCurrentUser();
  const { fetchSubscriberPage } = usePageActors(channelActors);
  const pager = useRememberedActor(
    `channel-subscribers:${channelId}`,
    pagerWith(fetchSubscriberPage),
    {
      input: { pageSize: PAGE_SIZE.subscribers, params: { channelId } },
    },
  );
  const rows = useSelector(pager, selectItems<ChannelSubscriber>);
  const loadingFirst = useSelector(pager, selectIsLoadingFirst);
  const failed = useSelector(pager, selectHasFailed);
  const empty = useSelector(pager, selectIsEmpty);
  return (
    <Panel aria-label="Subscribers">
      {loadingFirst && <Spinner size={28} label="Loading subscribers" />}
      {rows.length > 0 && (
        <PlainList>
          {rows.map((row) => (
            <SubscriberRow key={row._id} row={row} own={row._id === me?._id} />
          ))}
        </PlainList>
      )}
      {failed && (
        <ListError text={SUBSCRIBERS_FAILED} onRetry={() => pager.send({ type: 'RETRY' })} />
      )}
      {empty && <ListEmpty>{NO_SUBSCRIBERS}</ListEmpty>}
      {rows.length > 0 && (
        <LoadMoreFooter pager={pager} onVisible={() => pager.send({ type: 'LOAD_MORE' })} />
      )}
    </Panel>
  );
}
