/**
 * The dashboard's Tweets tab: the caller's tweets with post, edit and delete. The list logic is
 * the channel's tweets machine and each tweet the channel's TweetItem (like, Edit, Delete asked
 * first); only posting and editing move into dialogs here (spec §2 Dialogs: create/edit tweet).
 */
import { useSelector } from '@xstate/react';
import {
  selectHasFailed,
  selectIsBusy,
  selectIsEmpty,
  selectIsLoadingFirst,
  selectTotal,
  selectTweets,
} from '../../../machines/tweets.machine';
import { useCurrentUser } from '../../session';
import { useEmitted } from '../../use-emitted';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { PlainList } from '../channel/channel.styles';
import { NO_TWEETS, TWEETS_FAILED, tweetCountLabel } from '../channel/channel-tweets-tab';
import { TweetItem } from '../channel/tweet-item';
import { useTweets } from '../channel/use-tweets';
import { ListEmpty, ListError } from '../videos/list-states';
import { TabHeader } from './tab-header';
import { EditTweetDialog, PostTweetDialog } from './tweet-dialogs';

export function DashboardTweets({
  composing,
  onCompose,
  onComposeClosed,
}: {
  /** The Post Tweet dialog is open (from this tab's button or the Create menu). */
  composing: boolean;
  onCompose: () => void;
  onComposeClosed: () => void;
}) {
  const me = useCurrentUser();
  const tweets = useTweets(me?._id ?? '');
  // The dialog closes once the tweet is posted (the machine then reloads the list).
  useEmitted(tweets, { posted: () => onComposeClosed() });
  const list = useSelector(tweets, selectTweets);
  const total = useSelector(tweets, selectTotal);
  const busy = useSelector(tweets, selectIsBusy);
  const loadingFirst = useSelector(tweets, selectIsLoadingFirst);
  const failed = useSelector(tweets, selectHasFailed);
  const empty = useSelector(tweets, selectIsEmpty);

  return (
    <section aria-label="Your tweets">
      <TabHeader title={tweetCountLabel(total)}>
        <Button onClick={onCompose}>Post tweet</Button>
      </TabHeader>
      {loadingFirst && <Spinner size={28} label="Loading tweets" />}
      {failed && <ListError text={TWEETS_FAILED} onRetry={() => tweets.send({ type: 'RELOAD' })} />}
      {empty && <ListEmpty>{NO_TWEETS}</ListEmpty>}
      {list.length > 0 && (
        <PlainList>
          {list.map((tweet) => (
            <TweetItem
              key={tweet._id}
              tweet={tweet}
              own
              // Edits happen in the dialog below, not in an inline box.
              editText={null}
              busy={busy}
              send={(event) => tweets.send(event)}
            />
          ))}
        </PlainList>
      )}
      {composing && <PostTweetDialog tweets={tweets} onClose={onComposeClosed} />}
      <EditTweetDialog tweets={tweets} />
    </section>
  );
}
