import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SubscribedChannel } from '../../contract/engagement';
import type { SubscriptionState } from '../../machines/subscribe-toggle.machine';
import SubscriptionsPage from '../../src/pages/subscriptions-page';
import { deferred, renderVideoPage } from './videos-helpers';

function channel(n: number, overrides: Partial<SubscribedChannel> = {}): SubscribedChannel {
  return {
    _id: `u${n}`,
    userName: `chan${n}`,
    fullName: `Channel ${n}`,
    avatar: `/media/avatars/u${n}.webp`,
    subscribers: 1200 * n,
    description: `We make things, part ${n}`,
    ...overrides,
  };
}

/** A fake server: the caller subscribes to `channels`; toggling drops one (or fails). */
function server(channels: SubscribedChannel[], options: { failToggle?: boolean } = {}) {
  let held = [...channels];
  const fetchSubscriptions = vi.fn(async (_: { limit: number }) => [...held]);
  const toggleSubscription = vi.fn(
    async ({ channelId }: { channelId: string }): Promise<SubscriptionState> => {
      if (options.failToggle) throw new Error('Network error: check your connection');
      held = held.filter((c) => c._id !== channelId);
      return { subscribed: false, subscriberCount: 0 };
    },
  );
  return {
    fetchSubscriptions,
    toggleSubscription,
    actors: {
      fetchSubscriptions: fromPromise(({ input }: { input: { limit: number } }) =>
        fetchSubscriptions(input),
      ),
      toggleSubscription: fromPromise(({ input }: { input: { channelId: string } }) =>
        toggleSubscription(input),
      ),
    },
  };
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));

describe('Subscriptions page', () => {
  it('shows a spinner while loading, asking for up to 50 channels', async () => {
    const fetchSubscriptions = deferred<{ limit: number }, SubscribedChannel[]>();
    renderVideoPage(<SubscriptionsPage />, {
      actors: { fetchSubscriptions: fetchSubscriptions.logic },
    });
    expect(await screen.findByRole('heading', { name: 'Your Subscriptions' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(fetchSubscriptions.calls).toEqual([{ limit: 50 }]);
  });

  it('says when the list could not be loaded, and Retry asks again', async () => {
    const fetchSubscriptions = deferred<{ limit: number }, SubscribedChannel[]>();
    renderVideoPage(<SubscriptionsPage />, {
      actors: { fetchSubscriptions: fetchSubscriptions.logic },
    });
    await screen.findByRole('status', { name: 'Loading' });
    await act(async () => fetchSubscriptions.reject(new Error('Network down')));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load your subscriptions. Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => fetchSubscriptions.resolve([channel(1)]));
    expect(await screen.findByRole('article', { name: 'Channel 1' })).toBeInTheDocument();
  });

  it('with no subscriptions: the empty text, an explanation and Discover Channels', async () => {
    renderVideoPage(<SubscriptionsPage />, { actors: server([]).actors });
    expect(await screen.findByText('No subscriptions found')).toBeInTheDocument();
    expect(screen.getByText(/haven't subscribed to any channels yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover Channels' })).toHaveAttribute('href', '/');
  });

  it('lists each channel with avatar, names, count, description and Unsubscribe', async () => {
    renderVideoPage(<SubscriptionsPage />, {
      actors: server([channel(1), channel(2, { description: '' })]).actors,
    });
    const first = within(await screen.findByRole('article', { name: 'Channel 1' }));
    expect(first.getByRole('link', { name: 'Channel 1' })).toHaveAttribute(
      'href',
      '/Channel/chan1',
    );
    expect(first.getByRole('link', { name: 'Channel 1 channel' })).toBeInTheDocument();
    expect(first.getByText('@chan1 • 1.2K subscribers')).toBeInTheDocument();
    expect(first.getByText('We make things, part 1')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
    const second = within(screen.getByRole('article', { name: 'Channel 2' }));
    expect(second.getByText('No channel description')).toBeInTheDocument();
  });

  it('Unsubscribe toggles, then the list reloads without that channel', async () => {
    const fake = server([channel(1), channel(2)]);
    renderVideoPage(<SubscriptionsPage />, { actors: fake.actors });
    const row = within(await screen.findByRole('article', { name: 'Channel 2' }));
    fireEvent.click(row.getByRole('button', { name: 'Unsubscribe' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Channel 2' })).not.toBeInTheDocument(),
    );
    expect(fake.toggleSubscription).toHaveBeenCalledWith({ channelId: 'u2' });
    expect(fake.fetchSubscriptions).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('article', { name: 'Channel 1' })).toBeInTheDocument();
  });

  it('a failed unsubscribe leaves the row as it was and says so', async () => {
    const fake = server([channel(1)], { failToggle: true });
    renderVideoPage(<SubscriptionsPage />, { actors: fake.actors });
    const row = within(await screen.findByRole('article', { name: 'Channel 1' }));
    fireEvent.click(row.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Failed to unsubscribe. Please try again.')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
    expect(row.getByText('@chan1 • 1.2K subscribers')).toBeInTheDocument();
    expect(fake.fetchSubscriptions).toHaveBeenCalledTimes(1);
  });
});
