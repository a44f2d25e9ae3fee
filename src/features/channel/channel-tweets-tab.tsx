/**
 * The channel's Tweets tab (spec §2, §4, §5, §8): the tweet count; on one's own channel a
 * textarea ('Write your valuable tweets here...', 4 rows) and the Tweet button; the tweets, each
 * with its like toggle, and Edit/Delete on one's own. The list logic is the tweets machine; this
 * view renders its selectors, sends events and turns its emitted events into toasts.
 */
import { useSelector } from '@xstate/react';
import { LIMITS } from '../../../contract/limits';
import { TWEET_TEXTAREA_ROWS } from '../../../machines/constants';
import { MESSAGES, tweetCountLabel } from '../../../machines/messages';
import {
  selectCanPost,
  selectDraft,
  selectIsPosting,
  selectTotal,
} from '../../../machines/tweets.selectors';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { Panel } from './channel.styles';
import { TweetList } from '../../components/tweet-list';
import { Compose, TextArea } from '../../components/tweets.styles';
import { useTweets } from '../../components/use-tweets';

export { NO_TWEETS, TWEETS_FAILED } from '../../components/tweet-list';

export function ChannelTweetsTab({ userId, own }: { userId: string; own: boolean }) {
  const tweets = useTweets(userId);
  const total = useSelector(tweets, selectTotal);
  const draft = useSelector(tweets, selectDraft);
  const canPost = useSelector(tweets, selectCanPost);
  const posting = useSelector(tweets, selectIsPosting);

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
      <TweetList tweets={tweets} own={own} inlineEdit />
    </Panel>
  );
}
