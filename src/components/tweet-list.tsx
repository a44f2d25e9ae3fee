/**
 * The tweets of a tweets machine as the Tweets tabs show them: a spinner while the first load
 * runs, the failure with Retry, the empty text, or the list of TweetItems. The channel edits a
 * tweet in place (`inlineEdit`); the dashboard edits it in a dialog of its own.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { type tweetsMachine } from '../../machines/tweets.machine';
import {
  selectEditing,
  selectHasFailed,
  selectIsBusy,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectTweets,
} from '../../machines/tweets.selectors';
import { Spinner } from '../ui/spinner';
import { ListEmpty, ListError } from '../ui/list-states';
import { PlainList } from '../ui/plain-list';
import { TweetItem } from './tweet-item';

export const NO_TWEETS = 'No tweets yet.';
export const TWEETS_FAILED = 'Failed to load tweets. Please try again.';

export function TweetList({
  tweets,
  own,
  inlineEdit,
}: {
  tweets: ActorRefFrom<typeof tweetsMachine>;
  own: boolean;
  inlineEdit: boolean;
}) {
  const list = useSelector(tweets, selectTweets);
  const editing = useSelector(tweets, selectEditing);
  const busy = useSelector(tweets, selectIsBusy);
  const loadingFirst = useSelector(tweets, selectIsLoadingFirst);
  const failed = useSelector(tweets, selectHasFailed);
  const empty = useSelector(tweets, selectIsEmpty);
  return (
    <>
      {loadingFirst && <Spinner size={28} label="Loading tweets" />}
      {failed && <ListError text={TWEETS_FAILED} onRetry={() => tweets.send({ type: 'RELOAD' })} />}
      {empty && <ListEmpty>{NO_TWEETS}</ListEmpty>}
      {list.length > 0 && (
        <PlainList>
          {list.map((tweet) => (
            <TweetItem
              key={tweet._id}
              tweet={tweet}
              own={own}
              editText={inlineEdit && editing?.tweetId === tweet._id ? editing.text : null}
              busy={busy}
              send={(event) => tweets.send(event)}
            />
          ))}
        </PlainList>
      )}
    </>
  );
}
