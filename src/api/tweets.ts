/**
 * Tweets (API.md "Tweets") over the one HTTP client, and the tweets machine's promise actors.
 * The channel's Tweets tab uses them today; the dashboard's tweets tab can attach the same ones.
 */
import { fromPromise } from 'xstate';
import type { Tweet } from '../../contract/tweets';
import type { LikeToggle } from '../../contract/engagement';
import { PAGE_SIZE } from '../../contract/limits';
import type { TweetList } from '../../machines/tweets.types';
import { request, requestList } from './client';

const id = (value: string) => encodeURIComponent(value);

/** The newest tweets of a user, with the count of all of them. */
export async function listTweets(userId: string, signal?: AbortSignal): Promise<TweetList> {
  const { items, total } = await requestList<Tweet>({
    method: 'GET',
    url: `/tweets/user/${id(userId)}`,
    params: { page: 1, limit: PAGE_SIZE.channelTweets },
    signal,
  });
  return { tweets: items, total };
}

export function postTweet(content: string): Promise<Tweet> {
  return request<Tweet>({ method: 'POST', url: '/tweets', data: { content } });
}

export function updateTweet(tweetId: string, content: string): Promise<Tweet> {
  return request<Tweet>({ method: 'PATCH', url: `/tweets/${id(tweetId)}`, data: { content } });
}

export async function deleteTweet(tweetId: string): Promise<void> {
  await request<unknown>({ method: 'DELETE', url: `/tweets/${id(tweetId)}` });
}

export function toggleTweetLike(tweetId: string): Promise<LikeToggle> {
  return request<LikeToggle>({ method: 'POST', url: `/likes/toggle/t/${id(tweetId)}` });
}

export const tweetActors = {
  fetchTweets: fromPromise<TweetList, { userId: string }>(({ input, signal }) =>
    listTweets(input.userId, signal),
  ),
  postTweet: fromPromise<Tweet, { content: string }>(({ input }) => postTweet(input.content)),
  updateTweet: fromPromise<Tweet, { tweetId: string; content: string }>(({ input }) =>
    updateTweet(input.tweetId, input.content),
  ),
  deleteTweet: fromPromise<void, { tweetId: string }>(({ input }) => deleteTweet(input.tweetId)),
  toggleTweetLike: fromPromise<LikeToggle, { videoId: string }>(({ input }) =>
    toggleTweetLike(input.videoId),
  ),
};

export type TweetActors = typeof tweetActors;
