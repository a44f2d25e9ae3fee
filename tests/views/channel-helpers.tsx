/**
 * The channel page's view tests: the whole app at a channel URL, signed in as `alice`, with a
 * fake API for the channel, its videos, playlists, tweets and subscribers that tests can change.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import type { ChannelSubscriber, LikeToggle } from '../../contract/engagement';
import type { Playlist } from '../../contract/playlists';
import type { Tweet } from '../../contract/tweets';
import type { Channel } from '../../contract/users';
import type { Page, PageRequest } from '../../machines/pager.machine';
import type { SubscriptionState } from '../../machines/subscribe-toggle.machine';
import type { TweetList } from '../../machines/tweets.types';
import type { AppActors } from '../../src/actors';
import { ApiError } from '../../src/api/client';
import { App } from '../../src/app/app';
import { accountFakes, alice, fake } from './app-helpers';
import { makeVideo } from './videos-helpers';

export const olive: Channel = {
  _id: 'u_olive',
  userName: 'olive',
  fullName: 'Olive Owner',
  avatar: '/media/avatars/olive.webp',
  coverImage: '/media/covers/olive.webp',
  description: '',
  subscriberCount: 3,
  channelsSubscribedToCount: 0,
  isSubscribed: false,
};
/** The signed-in user's own channel. */
export const aliceChannel: Channel = {
  ...olive,
  _id: alice._id,
  userName: 'alice',
  fullName: alice.fullName,
};

export function makeTweet(
  n: number,
  owner: Channel = olive,
  overrides: Partial<Tweet> = {},
): Tweet {
  const at = new Date(Date.now() - n * 3600_000).toISOString();
  const { _id, userName, fullName, avatar } = owner;
  return {
    _id: `t${n}`,
    content: `Tweet number ${n}`,
    createdAt: at,
    updatedAt: at,
    owner: { _id, userName, fullName, avatar },
    likeCount: n,
    likedByUser: false,
    ...overrides,
  };
}

export function makePlaylist(n: number, overrides: Partial<Playlist> = {}): Playlist {
  const at = new Date(Date.now() - n * 86_400_000).toISOString();
  return {
    _id: `p${n}`,
    playlistName: `Playlist ${n}`,
    description: `About playlist ${n}`,
    videos: n,
    thumbnail: `/media/thumbnails/p${n}.webp`,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export const makeSubscriber = (n: number, overrides: Partial<ChannelSubscriber> = {}) => ({
  _id: `u${n}`,
  userName: `user${n}`,
  fullName: `User ${n}`,
  avatar: '',
  subscriberCount: n,
  isSubscribed: false,
  ...overrides,
});

/** A page of `all` as the API's page/limit would answer. */
const pageOf = <T,>(all: T[], { page, limit }: PageRequest): Page =>
  ({ items: all.slice((page - 1) * limit, page * limit), total: all.length }) as Page;

export function channelFakes(channel: Channel = olive) {
  const data = {
    channel: channel as Channel | Error,
    videos: [makeVideo(1), makeVideo(2)],
    playlists: [makePlaylist(1), makePlaylist(2)],
    tweets: [makeTweet(1, channel), makeTweet(2, channel)],
    subscribers: [makeSubscriber(1), makeSubscriber(2)],
    /** Fakes named here fail (as the API would with a 500). */
    failing: new Set<string>(),
  };
  const failIf = (name: string) => {
    if (data.failing.has(name)) throw new ApiError('Server error', 500);
  };
  const fakes = {
    fetchChannel: fake<{ userName: string }, Channel>(() => {
      if (data.channel instanceof Error) throw data.channel;
      return data.channel;
    }),
    fetchVideoPage: fake<PageRequest, Page>((r) => {
      failIf('fetchVideoPage');
      return pageOf(data.videos, r);
    }),
    fetchPlaylistPage: fake<PageRequest, Page>((r) => {
      failIf('fetchPlaylistPage');
      return pageOf(data.playlists, r);
    }),
    fetchSubscriberPage: fake<PageRequest, Page>((r) => {
      failIf('fetchSubscriberPage');
      return pageOf(data.subscribers, r);
    }),
    fetchTweets: fake<{ userId: string }, TweetList>(() => {
      failIf('fetchTweets');
      return { tweets: [...data.tweets], total: data.tweets.length };
    }),
    postTweet: fake<{ content: string }, Tweet>(({ content }) => {
      failIf('postTweet');
      const tweet = makeTweet(0, channel, { _id: `t-new-${data.tweets.length}`, content });
      data.tweets = [tweet, ...data.tweets];
      return tweet;
    }),
    updateTweet: fake<{ tweetId: string; content: string }, Tweet>(({ tweetId, content }) => ({
      ...data.tweets.find((t) => t._id === tweetId)!,
      content,
    })),
    deleteTweet: fake<{ tweetId: string }, void>(() => undefined),
    toggleTweetLike: fake<{ videoId: string }, LikeToggle>(() => ({ liked: true, likeCount: 42 })),
    toggleSubscription: fake<{ channelId: string }, SubscriptionState>(() => ({
      subscribed: true,
      subscriberCount: 4,
    })),
  };
  return { data, fakes };
}

type ChannelFakes = ReturnType<typeof channelFakes>['fakes'];

/** Renders the app at `path` with `fakes` (the channel's, or a superset such as the dashboard's). */
export function renderChannel<F extends Record<string, { logic: unknown }> = ChannelFakes>(
  path: string,
  fakes: F = channelFakes().fakes as unknown as F,
) {
  const location = memoryLocation({ path, record: true });
  const actors = { ...accountFakes(alice), ...fakes };
  const logic = Object.fromEntries(Object.entries(actors).map(([k, f]) => [k, f.logic]));
  const user = userEvent.setup();
  const view = render(
    <App actors={logic as unknown as Partial<AppActors>} location={location.hook} />,
  );
  return { ...view, user, fakes, path: () => location.history.at(-1) ?? '' };
}
