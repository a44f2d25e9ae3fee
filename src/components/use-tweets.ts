/**
 * A user's tweets as the tweets machine (machines/tweets.machine.ts) with the app's actors, and
 * its outcomes as toasts: the channel's Tweets tab and the dashboard's both use it.
 */
import { useActorRef } from '@xstate/react';
import { MESSAGES } from '../../machines/messages';
import { tweetsMachine } from '../../machines/tweets.machine';
import { usePageActors } from '../actors';
import { tweetActors } from '../api/tweets';
import { failureToast, notify } from '../notify';
import { useEmitted } from '../use-emitted';

export function useTweets(userId: string) {
  const { fetchTweets, postTweet, updateTweet, deleteTweet } = usePageActors(tweetActors);
  const tweets = useActorRef(
    tweetsMachine.provide({ actors: { fetchTweets, postTweet, updateTweet, deleteTweet } }),
    { input: { userId } },
  );
  useEmitted(tweets, {
    updated: () => notify.success(MESSAGES.tweetUpdated),
    deleted: () => notify.success(MESSAGES.tweetDeleted),
    invalid: ({ message }) => notify.error(message),
    failed: failureToast('Tweet'),
  });
  return tweets;
}
