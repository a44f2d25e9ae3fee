/**
 * The channel's Tweets tab (spec §2, §4, §5, §8): the tweet count; on one's own channel a
 * textarea ('Write your valuable tweets here...', 4 rows) and the Tweet button; the tweets, each
 * with its like toggle, and Edit/Delete on one's own. The list logic is the tweets machine; this
 * view renders its selectors, sends events and turns its emitted events into toasts.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { LIMITS } from '../../../contract/limits';
import { TWEET_TEXTAREA_ROWS } from '../../../machines/constants';
import { MESSAGES } from '../../../machines/messages';
import {
  selectCanPost,
  selectDraft,
  selectEditing,
  selectHasFailed,
  selectIsBusy,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectIsPosting,
  selectTotal,
  selectTweets,
  tweetsMachine,
} from '../../../machines/tweets.machine';
import { usePageActors } from '../../actors';
import { tweetActors } from '../../api/tweets';
import { failureToast, notify } from '../../notify';
import { useEmitted } from '../../use-emitted';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { ListEmpty, ListError } from '../videos/list-states';
import { Panel, PlainList } from './channel.styles';
import { TweetItem } from './tweet-item';
import { Compose, TextArea } from './tweets.styles';

export const NO_TWEETS = 'No tweets yet.';
export const TWEETS_FAILED = 'Failed to load tweets. Please try again.';

export const tweetCountLabel = (n: number) => `${n} ${n === 1 ? 'Tweet' : 'Tweets'}`;

export function ChannelTweetsTab({ userId, own }: { userId: string; own: boolean }) {
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
  const list = useSelector(tweets, selectTweets);
  const total = useSelector(tweets, selectTotal);
  const draft = useSelector(tweets, selectDraft);
  const editing = useSelector(tweets, selectEditing);
  const canPost = useSelector(tweets, selectCanPost);
  const posting = useSelector(tweets, selectIsPosting);
  const busy = useSelector(tweets, selectIsBusy);
  const loadingFirst = useSelector(tweets, selectIsLoadingFirst);
  const failed = useSelector(tweets, selectHasFailed);
  const empty = useSelector(tweets, selectIsEmpty);

  return (
    <Panel aria-label="Tweets">
      <h2>{tweetCountLabel(total)}</h2>
      {own && (
        <Compose
          onSubmit={(e) => {
            e.preventDefault();
            tweets.send({ type: 'POST' });
          }}
        >
          <TextArea
            aria-label="New tweet"
            placeholder={MESSAGES.tweetPlaceholder}
            rows={TWEET_TEXTAREA_ROWS}
            maxLength={LIMITS.tweet.max}
            value={draft}
            disabled={posting}
            onChange={(e) => tweets.send({ type: 'TYPE', text: e.target.value })}
          />
          <Button type="submit" disabled={!canPost} aria-busy={posting || undefined}>
            {posting ? <Spinner size={16} label="Posting" /> : 'Tweet'}
          </Button>
        </Compose>
      )}
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
              editText={editing?.tweetId === tweet._id ? editing.text : null}
              busy={busy}
              send={(event) => tweets.send(event)}
            />
          ))}
        </PlainList>
      )}
    </Panel>
  );
}
