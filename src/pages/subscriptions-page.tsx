/**
 * Subscriptions page (spec §2 "Subscriptions page ('Your Subscriptions')"): a spinner while
 * loading, the empty state with 'Discover Channels', or one row per channel with Unsubscribe.
 * The list is subscriptionsMachine; each row's button is a subscribe-toggle actor.
 *
 * Choice where the spec is silent: one request for up to PAGE_SIZE.subscribers (50) channels, the
 * API's largest page; more than 50 subscriptions would need paging here (noted in docs/decisions.md).
 */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { PAGE_SIZE } from '../../contract/limits';
import { LIBRARY_MESSAGES as TEXT } from '../../machines/messages';
import {
  selectChannels,
  selectHasFailed,
  selectIsEmpty,
  selectIsLoading,
  subscriptionsMachine,
} from '../../machines/subscriptions.machine';
import { usePageActors } from '../actors';
import { subscriptionsActors } from '../api/subscriptions';
import { ButtonLink, Heading, Notice, Page } from '../features/library/library.styles';
import { SubscriptionFeed } from '../features/library/subscription-feed';
import { SubscriptionRow } from '../features/library/subscription-row';
import { LinkTabs } from '../ui/tabs';
import { PageSpinner } from '../ui/spinner';
import { ListError } from '../ui/list-states';
import { useDocumentTitle } from '../use-document-title';

const List = styled.div`
  display: grid;
  gap: 12px;
`;

/** Two tabs (issue 23): the spec's channel list as it is, and the newest videos of those channels. */
export default function SubscriptionsPage({ tab }: { tab?: 'videos' }) {
  useDocumentTitle(TEXT.subscriptionsTitle);
  return (
    <Page>
      <Heading>
        <h1>{TEXT.subscriptionsTitle}</h1>
      </Heading>
      <LinkTabs
        label="Subscriptions"
        items={[
          { label: TEXT.subscriptionsChannelsTab, href: '/Subscriptions', active: !tab },
          {
            label: TEXT.subscriptionsVideosTab,
            href: '/Subscriptions/videos',
            active: tab === 'videos',
          },
        ]}
      />
      {tab === 'videos' ? <SubscriptionFeed /> : <SubscribedChannels />}
    </Page>
  );
}

/** The spec's Subscriptions page body: spinner, empty state, or one row per channel. */
function SubscribedChannels() {
  const { fetchSubscriptions } = usePageActors(subscriptionsActors);
  const list = useActorRef(subscriptionsMachine.provide({ actors: { fetchSubscriptions } }), {
    input: { limit: PAGE_SIZE.subscribers },
  });
  const channels = useSelector(list, selectChannels);
  const loading = useSelector(list, selectIsLoading);
  const failed = useSelector(list, selectHasFailed);
  const empty = useSelector(list, selectIsEmpty);

  let body;
  if (failed) {
    body = (
      <ListError text={TEXT.subscriptionsLoadFailed} onRetry={() => list.send({ type: 'RETRY' })} />
    );
  } else if (loading) {
    body = <PageSpinner />;
  } else if (empty) {
    body = (
      <Notice>
        <h2>{TEXT.noSubscriptions}</h2>
        <p>{TEXT.noSubscriptionsHint}</p>
        <ButtonLink href="/">{TEXT.discoverChannels}</ButtonLink>
      </Notice>
    );
  } else {
    body = (
      <List>
        {channels.map((channel) => (
          <SubscriptionRow
            key={channel._id}
            channel={channel}
            onUnsubscribed={() => list.send({ type: 'RELOAD' })}
          />
        ))}
      </List>
    );
  }

  return body;
}
